import type { ReactNode } from "react";
import { Pager } from "./Pager";
import { QueryState } from "./QueryState";

/** One page of a server-paginated list, as every paged query answers it. */
export type Page<T> = { items: T[]; page: number; pageSize: number; totalItems: number; totalPages: number };

type PagedListProps<R extends Page<unknown>> = {
  /** The query's state: its loading flag, error and refetch (the retry button calls it). */
  query: { loading: boolean; error?: unknown; refetch: () => Promise<unknown> };
  data: R | null | undefined;
  skeleton?: ReactNode;
  /** What failed, where the default "Could not load this." would not say (see QueryState). */
  errorText?: string;
  empty: ReactNode;
  /** plural noun for the pager, e.g. "orders" */
  noun: string;
  onPage: (page: number) => void;
  /** The table or list of the page's items; the pager follows it. */
  children: (result: R) => ReactNode;
};

/** A paged query's table or list with its four states (QueryState) and the pager below it. */
export function PagedList<R extends Page<unknown>>({ query, data, skeleton, errorText, empty, noun, onPage, children }: PagedListProps<R>) {
  return (
    <QueryState
      loading={query.loading}
      error={query.error}
      data={data}
      skeleton={skeleton}
      errorText={errorText}
      empty={empty}
      onRetry={() => void query.refetch()}
    >
      {(result) => (
        <>
          {children(result)}
          <Pager
            page={result.page}
            pageSize={result.pageSize}
            totalItems={result.totalItems}
            totalPages={result.totalPages}
            noun={noun}
            onPage={onPage}
          />
        </>
      )}
    </QueryState>
  );
}
