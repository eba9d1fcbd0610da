import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { MeetupPointOption } from "../meetups";
import { MAX_PRODUCT_PHOTOS } from "@unibazaar/rules";
import { Product } from "./entity";
import { ProductSort } from "./listing";

registerEnumType(ProductSort, {
  name: "ProductSort",
  description: "Order of a product list.",
  valuesConfig: {
    NEWEST: { description: "Most recently listed first." },
    PRICE_ASC: { description: "Cheapest first." },
    PRICE_DESC: { description: "Most expensive first." },
    RATING: { description: "Best average rating first (more reviews first on equal ratings)." },
    RELEVANCE: { description: "Best match for `filter.search` first (full-text rank plus name similarity); newest first without search." },
  },
});

@InputType({ description: "Shop filters; every one is optional, and 'all' or an empty string means no filter." })
export class ProductFilter {
  @Field(() => String, {
    nullable: true,
    description: "Category slug; old names are accepted too (textbooks -> books, dress -> clothing).",
  })
  category?: string | null;

  @Field(() => String, { nullable: true, description: "Colour slug." })
  color?: string | null;

  @Field(() => Float, { nullable: true, description: "Lowest price in PKR (inclusive)." })
  minPrice?: number | null;

  @Field(() => Float, { nullable: true, description: "Highest price in PKR (inclusive)." })
  maxPrice?: number | null;

  @Field(() => ID, { nullable: true, description: "Only this seller's products." })
  sellerId?: string | null;

  @Field(() => String, { nullable: true, description: "Campus slug (`catalogOptions.campuses`)." })
  campus?: string | null;

  @Field(() => String, { nullable: true, description: "Condition slug (`catalogOptions.conditions`)." })
  condition?: string | null;

  @Field(() => Boolean, { nullable: true, description: "true: only listings of verified students (a confirmed university e-mail)." })
  verifiedSellersOnly?: boolean | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Words to look for in the name and description (full-text; `"quoted phrases"` work); small typos in the name are tolerated. At most 100 characters.',
  })
  search?: string | null;
}

const GALLERY_DESCRIPTION = `The photos after \`image\`, in order (uploaded like it): at most ${MAX_PRODUCT_PHOTOS - 1}, so ${MAX_PRODUCT_PHOTOS} photos in all.`;

@InputType({ description: "A new product. Prices in PKR with at most 2 decimals." })
export class ProductInput {
  @Field(() => String, { description: "2 to 120 characters." })
  name: string;

  @Field(() => String, {
    description: "10 to 2000 characters: what it is and its condition (no phone number needed: buyers write through messages).",
  })
  description: string;

  @Field(() => String, { description: "A category slug from `catalogOptions.categories`." })
  category: string;

  @Field(() => String, { nullable: true, description: "A colour slug from `catalogOptions.colors`; optional (a textbook has none)." })
  color?: string | null;

  @Field(() => Float, { description: "Price in PKR: more than 0, at most 10,000,000." })
  price: number;

  @Field(() => Float, { nullable: true, description: "Previous price in PKR, shown struck through; must be higher than `price`." })
  oldPrice?: number | null;

  @Field(() => String, {
    description: "The main photo: the `url` returned by `uploadImage` (or its /uploads/ path); pictures on other sites are refused.",
  })
  image: string;

  @Field(() => [String], { nullable: true, description: GALLERY_DESCRIPTION })
  gallery?: string[] | null;

  @Field(() => Int, { nullable: true, description: "Units for sale, 1 to 999; 1 when omitted (a single item)." })
  quantityAvailable?: number | null;

  @Field(() => String, { nullable: true, description: "Condition slug from `catalogOptions.conditions`; good when omitted." })
  condition?: string | null;

  @Field(() => String, { nullable: true, description: "Campus slug from `catalogOptions.campuses` where you hand it over; optional." })
  campus?: string | null;
}

@InputType({ description: "Changes to a product: only the fields given change. Same rules as ProductInput." })
export class ProductUpdateInput {
  @Field(() => String, { nullable: true, description: "2 to 120 characters." })
  name?: string;

  @Field(() => String, { nullable: true, description: "10 to 2000 characters." })
  description?: string;

  @Field(() => String, { nullable: true, description: "A category slug." })
  category?: string;

  @Field(() => String, { nullable: true, description: "A colour slug; null or empty removes it." })
  color?: string | null;

  @Field(() => Float, { nullable: true, description: "Price in PKR." })
  price?: number;

  @Field(() => Float, { nullable: true, description: "Previous price in PKR, higher than the price; null removes it." })
  oldPrice?: number | null;

  @Field(() => String, { nullable: true, description: "The main photo's URL." })
  image?: string;

  @Field(() => [String], { nullable: true, description: `${GALLERY_DESCRIPTION} Replaces the previous ones; [] removes them.` })
  gallery?: string[] | null;

  @Field(() => Int, { nullable: true, description: "Units for sale, 0 to 999: 0 marks the listing sold, 1 or more relists it." })
  quantityAvailable?: number;

  @Field(() => String, { nullable: true, description: "Condition slug." })
  condition?: string;

  @Field(() => String, { nullable: true, description: "Campus slug; null or empty removes it." })
  campus?: string | null;
}

@ObjectType({ description: "A page of products." })
export class ProductPage {
  @Field(() => [Product], { description: "The products on this page." })
  items: Product[];

  @Field(() => Int, {
    description:
      "Products matching, over all pages: exact up to 10,000; above that 10,000 and `totalIsExact` false (show it as '10,000+').",
  })
  totalItems: number;

  @Field(() => Boolean, { description: "false: there are more than `totalItems` matches (the count stops at 10,000)." })
  totalIsExact: boolean;

  @Field(() => Int, { description: "Pages reachable by number (0 when nothing matches; at most 10,000 products' worth)." })
  totalPages: number;

  @Field(() => Boolean, { description: "Whether a next page exists (by number, or by `endCursor` past the numbered pages)." })
  hasNextPage: boolean;

  @Field(() => Int, { description: "This page's number, from 1 (1 when paging by cursor)." })
  page: number;

  @Field(() => String, {
    nullable: true,
    description: "Cursor of this page's end: pass it as `after` for the next page; null on the last page.",
  })
  endCursor: string | null;

  @Field(() => Int, { description: "Items per page." })
  pageSize: number;
}

@ObjectType({ description: "One choice of a catalog filter." })
export class CatalogOption {
  @Field(() => String, { description: "Value to send in filters and product inputs." })
  slug: string;

  @Field(() => String, { description: "Text to show." })
  label: string;
}

@ObjectType({ description: "A price band of the shop filter, in PKR." })
export class PriceRange {
  @Field(() => String, { description: "Text to show." })
  label: string;

  @Field(() => Float, { description: "Lowest price in PKR (send as `minPrice`)." })
  min: number;

  @Field(() => Float, { nullable: true, description: "Highest price in PKR (send as `maxPrice`); null = no upper bound." })
  max: number | null;
}

@ObjectType({ description: "A campus with listings on show, and how many." })
export class ListedCampus {
  @Field(() => String, { description: "Campus slug to send in the `campus` filter." })
  slug: string;

  @Field(() => String, { description: "Campus name to show." })
  label: string;

  @Field(() => Int, { description: "Listings on show handed over at this campus." })
  listings: number;
}

@ObjectType({ description: "The choices of the shop filters and the add-product form." })
export class CatalogOptions {
  @Field(() => [CatalogOption], { description: "Product categories." })
  categories: CatalogOption[];

  @Field(() => [CatalogOption], { description: "Product colours." })
  colors: CatalogOption[];

  @Field(() => [PriceRange], { description: "Price bands." })
  priceRanges: PriceRange[];

  @Field(() => [CatalogOption], { description: "Listing conditions, best first." })
  conditions: CatalogOption[];

  @Field(() => [CatalogOption], { description: "Campuses where listings are handed over." })
  campuses: CatalogOption[];

  @Field(() => [ListedCampus], {
    description: "The shop's campus filter: campuses with listings on show and their counts; campuses with none left out.",
  })
  listedCampuses: ListedCampus[];

  @Field(() => [MeetupPointOption], { description: "Meetup points of every campus, for checkout's 'Meet on campus'." })
  meetupPoints: MeetupPointOption[];
}
