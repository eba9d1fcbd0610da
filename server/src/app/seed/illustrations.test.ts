import { expect, it } from "vitest";
import { demoProducts } from "./catalog";
import { PICTURES, pictureFor, type PictureKind } from "./illustrations";

it("gives every demo listing the drawing declared for that item, or the neutral parcel: never a neighbour's picture", () => {
  const names = new Set(demoProducts.map((p) => p.name));
  const declared: string[] = Object.values(PICTURES).flat();
  // each declared item is a real demo listing, declared once
  for (const name of declared) expect(names, name).toContain(name);
  expect(new Set(declared).size).toBe(declared.length);

  for (const p of demoProducts) {
    const kind: PictureKind = pictureFor(p.name);
    if (kind !== "parcel") expect(PICTURES[kind] as readonly string[], p.name).toContain(p.name);
  }
  // items the old one-picture-per-category drawing misrepresented
  expect(pictureFor("Umbrella")).toBe("parcel");
  expect(pictureFor("Wireless Earbuds")).toBe("parcel");
  expect(pictureFor("Football")).toBe("parcel");
  expect(pictureFor("Laptop Backpack")).toBe("backpack");
  expect(pictureFor("Cricket Bat")).toBe("cricket");
});
