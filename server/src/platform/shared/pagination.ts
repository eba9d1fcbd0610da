import { z } from "zod";

export const MAX_PAGE_SIZE = 50;

export const pageInput = (defaultSize: number) =>
  z.object({
    page: z.coerce.number().int("page must be a whole number").min(1, "page must be at least 1").default(1),
    pageSize: z.coerce
      .number()
      .int("pageSize must be a whole number")
      .min(1, "pageSize must be at least 1")
      .max(MAX_PAGE_SIZE, `pageSize must be at most ${MAX_PAGE_SIZE}`)
      .default(defaultSize),
  });

export type Page<T> = { items: T[]; totalItems: number; totalPages: number; page: number; pageSize: number };

export function toPage<T>(items: T[], totalItems: number, page: number, pageSize: number): Page<T> {
  return { items, totalItems, totalPages: Math.ceil(totalItems / pageSize), page, pageSize };
}
