import { describe, expect, it } from "vitest";
import express from "express";
import { acceptsGzip } from "./accept-encoding";

// What Express (negotiator) decides for the same header: the rule the fast path must follow.
function expressChoice(header: string | undefined): boolean {
  const req = Object.create(express.request) as express.Request;
  Object.assign(req, { headers: header === undefined ? {} : { "accept-encoding": header } });
  return req.acceptsEncodings("gzip", "identity") === "gzip";
}

describe("acceptsGzip", () => {
  const headers = [
    undefined,
    "",
    "gzip",
    "gzip, deflate, br",
    "br, gzip;q=0.8",
    "deflate, br",
    "identity",
    "*",
    "*;q=0",
    "gzip;q=0",
    "gzip;q=0, *",
    "identity;q=0, gzip;q=0.1",
    "gzip;q=0.5, identity",
    "gzip;q=0.5, deflate;q=0.2",
    "x-gzip",
    "GZIP",
    "gzip;q=abc",
    " gzip ; q=1 , identity;q=0.9",
  ];
  it.each(headers.map((h) => [h]))("decides %j as Express does", (header) => {
    expect(acceptsGzip(header)).toBe(expressChoice(header));
  });

  it("sends gzip to a browser and the plain body to a client that asks for nothing", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
