import DataLoader from "dataloader";

/** Loads the rows of many parents in one query and hands each parent its own (possibly empty) list. */
export function batchGroups<T>(fetch: (keys: string[]) => Promise<T[]>, keyOf: (row: T) => string) {
  return new DataLoader<string, T[]>(async (keys) => {
    const groups = new Map<string, T[]>(keys.map((key) => [key, []]));
    for (const row of await fetch([...keys])) groups.get(keyOf(row))?.push(row);
    return keys.map((key) => groups.get(key)!);
  });
}
