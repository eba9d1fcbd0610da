import type { ApolloClient, OperationVariables, TypedDocumentNode, WatchQueryFetchPolicy } from "@apollo/client";
import { canonicalStringify, getMainDefinition } from "@apollo/client/utilities";
import type { DocumentNode } from "graphql";
import { useEffect, useState } from "react";

/**
 * Render-as-you-fetch for the page a visit lands on: its first query is sent while the app starts,
 * in parallel with the page's code and words, not after the page has drawn once. The page then reads
 * that answer: while its variables are the preloaded ones its query takes `cache-first` (still in
 * flight, Apollo joins the same request instead of sending another); any other variables, and every
 * later visit of the page, fetch anew (the app's `cache-and-network`).
 */
const preloaded = new Set<string>();

const keyOf = (query: DocumentNode, variables: object) => {
  const definition = getMainDefinition(query);
  return `${definition.name?.value ?? ""} ${canonicalStringify(variables)}`;
};

export function preloadQuery<TData, TVariables extends OperationVariables>(
  client: ApolloClient,
  query: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
): void {
  const key = keyOf(query, variables);
  preloaded.add(key);
  // a failed preload leaves the page to ask (and to show the error with its retry)
  client.query({ query, variables, fetchPolicy: "network-only" }).catch(() => preloaded.delete(key));
}

/** The fetch policy of a page's query: `cache-first` for the variables the visit's start preloaded, else the app's default. */
export function usePreloadedFetchPolicy<TData, TVariables extends OperationVariables>(
  query: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
): WatchQueryFetchPolicy | undefined {
  const key = keyOf(query, variables);
  const [preloadedKey] = useState(() => (preloaded.has(key) ? key : null));
  // used up once the page is on screen, not at its first render: a render that suspends (its words
  // still loading) is thrown away with its state, and the retry must still find the preload
  useEffect(() => {
    if (preloadedKey) preloaded.delete(preloadedKey);
  }, [preloadedKey]);
  return key === preloadedKey ? "cache-first" : undefined;
}
