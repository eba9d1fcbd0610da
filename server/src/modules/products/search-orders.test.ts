import { describe, expect, it } from "vitest";
import { Catalogue } from "./search-catalogue";
import { ALL, SortedSlots } from "./search-orders";
import type { DocRow } from "./search-store";
import { ProductSort } from "./sorts";
import { docRow } from "./testing";

/** A seeded generator, so a failure can be run again. */
function seeded(seed: number) {
  let state = seed;
  return (below: number) => Math.floor(((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648) * below);
}

/**
 * Slots kept in order through every kind of write, checked against sorting them all anew: keys
 * with ties, moved up and down, slots added and removed, a short list of 5 so that the two parts
 * are merged again and again, and every walk from a cursor.
 */
describe("a sort's order of slots", () => {
  it("walks the live slots of every part in order after keys change, slots come and go and its parts are merged", () => {
    const random = seeded(7);
    let [key, part]: number[][] = [[], []];
    const live = new Set<number>();
    const order = (a: number, b: number) => key[a] - key[b] || b - a;
    const partOf = (slot: number) => part[slot];
    const slots = new SortedSlots(order, partOf, 5);
    const add = () => {
      key.push(random(50));
      part.push(1 + random(3));
      live.add(key.length - 1);
    };
    for (let slot = 0; slot < 200; slot++) add();
    slots.build(200);
    const walked = (part: number, before: ((slot: number) => boolean) | null) => {
      const seen: number[] = [];
      slots.walk(part, before, (slot) => seen.push(slot) > 0);
      return seen;
    };
    const inOrder = (of: number) => [...live].filter((slot) => of === ALL || part[slot] === of).sort(order);
    for (let round = 0; round < 300; round++) {
      const slot = random(key.length + 3);
      if (slot >= key.length) {
        add();
        slots.place(key.length - 1);
      } else if (live.has(slot) && random(4) === 0) {
        live.delete(slot);
        slots.remove(slot);
      } else if (live.has(slot)) {
        key[slot] = random(50);
        slots.place(slot);
      }
      for (const of of [ALL, 1, 2, 3]) {
        const expected = inOrder(of);
        expect(walked(of, null), `round ${round}, part ${of}`).toEqual(expected);
        // from a cursor's listing, and from a key on (a price band's start)
        const after = expected[random(expected.length)];
        expect(
          walked(of, (s) => order(s, after) <= 0),
          `round ${round}, part ${of}, after ${after}`,
        ).toEqual(expected.slice(expected.indexOf(after) + 1));
        const from = random(50);
        expect(
          walked(of, (s) => key[s] < from),
          `round ${round}, part ${of}, from ${from}`,
        ).toEqual(expected.filter((s) => key[s] >= from));
      }
    }
    // a walk stops where its visitor says
    const firstThree: number[] = [];
    slots.walk(ALL, null, (slot) => firstThree.push(slot) < 3);
    expect(firstThree).toEqual(inOrder(ALL).slice(0, 3));

    // a compaction merges (while the keys are under the old numbers), then numbers the live slots again in the same order, each in its part
    slots.merge();
    const renumbered = new Int32Array(key.length).fill(-1);
    const [keys, parts]: number[][] = [[], []];
    for (let slot = 0; slot < key.length; slot++)
      if (live.has(slot)) {
        renumbered[slot] = keys.length;
        keys.push(key[slot]);
        parts.push(part[slot]);
      }
    const expected = [ALL, 1, 2, 3].map((of) => inOrder(of).map((slot) => renumbered[slot]));
    [key, part] = [keys, parts];
    live.clear();
    keys.forEach((_, slot) => live.add(slot));
    slots.renumber(renumbered, keys.length);
    expect([ALL, 1, 2, 3].map((of) => walked(of, null))).toEqual(expected);
  });
});

const row = (i: number, fields: Partial<DocRow> = {}): DocRow =>
  docRow(i, {
    createdMicros: String(1_700_000_000_000_000 + (i % 40) * 1_000_000),
    pricePaisa: 1000 + (i % 7) * 100,
    ratingAverage: String((i % 5) + 0.5),
    ratingCount: i % 3,
    category: i % 2 ? "books" : "electronics",
    name: `lamp ${i}`,
    vector: "'lamp':1",
    ...fields,
  });

describe("the search index's shop pages without words", () => {
  it("counts up to one past the bound, and pages in each sort's order through writes", () => {
    const catalogue = new Catalogue(true, 50_000, 4);
    for (let i = 0; i < 100; i++) catalogue.put(row(i));
    catalogue.compact();
    const now = Date.now() * 1000;
    expect(catalogue.count({}, 1_000, now)).toBe(100);
    expect(catalogue.count({}, 10, now)).toBe(11);
    expect(catalogue.count({ category: "books" }, 1_000, now)).toBe(50);
    expect(catalogue.count({ category: "toys" }, 1_000, now)).toBe(0);

    // a price edit, a rating, a listing removed, one hidden, one new: each order follows
    catalogue.put(row(3, { pricePaisa: 1 }));
    catalogue.put(row(4, { ratingAverage: "9", ratingCount: 9 }));
    catalogue.put(row(5, { deleted: true }));
    catalogue.put(row(6, { listed: false }));
    catalogue.put(row(100, { createdMicros: String(1_800_000_000_000_000), pricePaisa: 99_999 }));
    const first = (sort: ProductSort) => catalogue.browse({ filter: {}, sort, afterId: null, offset: 0, limit: 1 }, now)!.ids[0];
    expect(first(ProductSort.PRICE_ASC)).toBe(row(3).id);
    expect(first(ProductSort.PRICE_DESC)).toBe(row(100).id);
    expect(first(ProductSort.RATING)).toBe(row(4).id);
    expect(first(ProductSort.NEWEST)).toBe(row(100).id);
    expect(first(ProductSort.RELEVANCE)).toBe(row(100).id);
    expect(catalogue.count({}, 1_000, now)).toBe(99);
    const all = catalogue.browse({ filter: {}, sort: ProductSort.NEWEST, afterId: null, offset: 0, limit: 1_000 }, now)!.ids;
    expect(all).toHaveLength(99);
    expect(all).not.toContain(row(5).id);
    expect(all).not.toContain(row(6).id);
    // a compaction (the dead slots dropped, the rest numbered again) keeps every order
    const pages = () =>
      [ProductSort.NEWEST, ProductSort.PRICE_ASC, ProductSort.PRICE_DESC, ProductSort.RATING].map(
        (sort) => catalogue.browse({ filter: { category: "books" }, sort, afterId: row(9).id, offset: 2, limit: 20 }, now)!.ids,
      );
    const before = pages();
    catalogue.compact();
    expect(catalogue.slots).toBe(100);
    expect(pages()).toEqual(before);
    // a cursor after a listing the index does not hold is left to the statement
    expect(catalogue.browse({ filter: {}, sort: ProductSort.NEWEST, afterId: row(5).id, offset: 0, limit: 1 }, now)).toBeNull();
  });
});
