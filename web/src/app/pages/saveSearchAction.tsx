import { lazy, Suspense } from "react";
import type { ProductFilter } from "../../generated/graphql";
import { useAuth } from "../../lib/auth";

// its own chunk: the shop's first load does not pay for it, and visitors never load it
const SaveSearchButton = lazy(() => import("../../features/alerts/SaveSearchButton"));

function SignedInSaveSearch({ filter }: { filter: ProductFilter }) {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <SaveSearchButton filter={filter} />
    </Suspense>
  );
}

/** "Save this search" for signed-in shoppers, handed to the shop's listings (the shop does not know saved searches). */
export const saveSearchAction = (filter: ProductFilter) => <SignedInSaveSearch filter={filter} />;
