import sharp from "sharp";
import type { Look } from "./profiles";

const SKIN = {
  light: "#f3d2b3",
  medium: "#e0b08a",
  tan: "#c98e62",
  brown: "#a86b45",
  dark: "#7a4a2e",
};
const HAIR = { black: "#1f1a17", brown: "#5a3825", grey: "#9ca3af", auburn: "#7c2d12" };
const SHIRTS = ["#1e3a8a", "#0f766e", "#7c3aed", "#334155", "#b45309", "#be123c", "#166534"];

/** A friendly flat-style portrait as SVG; deterministic for a given look and seed. */
export function headshotSvg(look: Look, seed: number): string {
  const skin = SKIN[look.skin];
  const hair = HAIR[look.hair];
  const shirt = SHIRTS[seed % SHIRTS.length];
  const backHair =
    look.hairStyle === "long"
      ? `<path d="M118 150c0-62 34-96 82-96s82 34 82 96v120c-20 12-44 14-62 8V170h-40v108c-18 6-42 4-62-8z" fill="${hair}"/>`
      : "";
  const topHair = {
    short: `<path d="M136 150c-4-48 24-78 64-78s70 28 64 78c-8-22-22-36-40-40-26 10-58 14-88 40z" fill="${hair}"/>`,
    long: `<path d="M134 160c-6-54 22-88 66-88s72 34 66 88c-18-30-44-48-66-52-22 4-48 22-66 52z" fill="${hair}"/>`,
    bun: `<circle cx="200" cy="66" r="24" fill="${hair}"/><path d="M136 156c-4-50 24-80 64-80s68 30 64 80c-14-28-38-42-64-44-26 2-50 16-64 44z" fill="${hair}"/>`,
    bald: `<path d="M142 128c8-30 30-46 58-46s50 16 58 46c-16-14-36-20-58-20s-42 6-58 20z" fill="${hair}" opacity="0.35"/>`,
    curly: [130, 152, 176, 200, 224, 248, 270]
      .map((x, i) => `<circle cx="${x}" cy="${i % 2 ? 96 : 110}" r="26" fill="${hair}"/>`)
      .join(""),
  }[look.hairStyle];
  const beard = look.beard
    ? `<path d="M148 190c6 44 28 64 52 64s46-20 52-64c-10 16-28 22-52 22s-42-6-52-22z" fill="${hair}"/>`
    : "";
  const glasses = look.glasses
    ? `<g fill="none" stroke="#1f2937" stroke-width="4"><circle cx="176" cy="170" r="16"/><circle cx="224" cy="170" r="16"/><path d="M192 170h16"/></g>`
    : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">
  <rect width="400" height="400" fill="${look.background}"/>
  ${backHair}
  <path d="M70 400c8-78 62-118 130-118s122 40 130 118z" fill="${shirt}"/>
  <path d="M176 240h48v52c-8 10-40 10-48 0z" fill="${skin}"/>
  <ellipse cx="200" cy="170" rx="64" ry="78" fill="${skin}"/>
  <ellipse cx="136" cy="176" rx="10" ry="16" fill="${skin}"/>
  <ellipse cx="264" cy="176" rx="10" ry="16" fill="${skin}"/>
  ${topHair}
  <circle cx="176" cy="170" r="6" fill="#1f2937"/>
  <circle cx="224" cy="170" r="6" fill="#1f2937"/>
  <path d="M166 150q10-8 20 0M214 150q10-8 20 0" stroke="${hair}" stroke-width="5" fill="none" stroke-linecap="round"/>
  ${beard}
  <path d="M180 210q20 16 40 0" stroke="#7f1d1d" stroke-width="5" fill="none" stroke-linecap="round"/>
  ${glasses}
</svg>`;
}

/** Renders the portrait to a small WebP, the format real uploads are re-encoded to. */
export function renderHeadshot(look: Look, seed: number): Promise<Buffer> {
  return sharp(Buffer.from(headshotSvg(look, seed)))
    .resize(320, 320)
    .webp({ quality: 82 })
    .toBuffer();
}
