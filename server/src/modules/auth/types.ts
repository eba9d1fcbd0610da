import { Field, InputType, ObjectType } from "type-graphql";
import { SellerType, User } from "../users";
import { Role } from "../../platform/auth/roles";

@InputType({ description: "A new account. Sellers give a seller type; business sellers also a store name and description." })
export class RegisterInput {
  @Field(() => String, { description: "E-mail address; must not be registered yet." })
  email: string;

  @Field(() => String, { description: "At least 8 characters." })
  password: string;

  @Field(() => String, { description: "3 to 40 letters, digits, '.', '_' or '-'; must not be taken." })
  username: string;

  @Field(() => String, { description: "Full name." })
  name: string;

  @Field(() => String, { description: "Phone number, e.g. 03001234567." })
  contactNumber: string;

  @Field(() => Role, { description: "USER (buyer) or SELLER; ADMIN cannot be chosen." })
  role: Role;

  @Field(() => SellerType, { nullable: true, description: "Required for sellers." })
  sellerType?: SellerType;

  @Field(() => String, { nullable: true, description: "Required for business sellers." })
  storeName?: string;

  @Field(() => String, { nullable: true, description: "Required for business sellers." })
  storeDescription?: string;
}

@ObjectType({ description: "A signed-in session: send the token as `Authorization: Bearer <token>`." })
export class AuthPayload {
  @Field(() => String, { description: "JWT for the Authorization header; it expires and is revoked by logout." })
  token: string;

  @Field(() => User, { description: "The signed-in user." })
  user: User;
}
