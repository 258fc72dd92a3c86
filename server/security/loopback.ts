import { isIP } from "node:net";

/**
 * True for a socket peer on this machine. Decided from the socket's own address, which a
 * client cannot forge (unlike X-Forwarded-For).
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith("::ffff:") ? address.slice(7) : address;
  if (isIP(plain) === 4) return plain.split(".")[0] === "127";
  return plain === "::1";
}
