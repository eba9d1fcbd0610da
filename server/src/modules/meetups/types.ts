import { Field, ObjectType } from "type-graphql";

@ObjectType({ description: "A named place on a campus where buyer and seller meet." })
export class MeetupPointOption {
  @Field(() => String, { description: "Value to send as a meetup point." })
  slug: string;

  @Field(() => String, { description: "Text to show, e.g. 'Central Library entrance'." })
  label: string;

  @Field(() => String, { description: "Slug of its campus (`catalogOptions.campuses`)." })
  campus: string;
}
