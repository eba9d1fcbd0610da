import { registerEnumType } from "type-graphql";
import { SavedNotice } from "./service";

/** The notice enum, registered with GraphQL: resolvers take it from here. */
export { SavedNotice };

registerEnumType(SavedNotice, {
  name: "SavedNotice",
  description: "What changed about a saved listing since it was saved.",
  valuesConfig: {
    PRICE_DROP: { description: "It is cheaper now than when saved (`savedPrice`)." },
    SOLD: { description: "No unit is left." },
  },
});
