import { randomBytes } from "node:crypto";
import { Role, SellerType, User } from "../modules/users/entity";
import type { TestServer } from "./harness";

export type SignedIn = { token: string; user: User; password: string };

const unique = () => randomBytes(4).toString("hex");

/**
 * Registers a user through the auth service and signs them in. Admins cannot register, so an
 * admin is registered as a buyer and promoted in the database, as an operator would.
 */
export async function signUp(server: TestServer, role: "user" | "seller" | "admin" = "user", overrides: Partial<Record<string, string>> = {}): Promise<SignedIn> {
  const id = unique();
  const password = "correct-horse-42";
  const user = await server.services.auth.register({
    email: `${role}-${id}@test.pk`,
    username: `${role}_${id}`,
    name: `Test ${role} ${id}`,
    contactNumber: "03001234567",
    password,
    role: role === "seller" ? Role.SELLER : Role.USER,
    sellerType: role === "seller" ? SellerType.INDIVIDUAL : undefined,
    ...overrides,
  });
  if (role === "admin") await server.dataSource.getRepository(User).update(user.id, { role: Role.ADMIN });
  const { token } = await server.services.auth.login({ email: user.email, password }, `10.0.0.${Math.floor(Math.random() * 250)}`);
  return { token, user: { ...user, role: role === "admin" ? Role.ADMIN : user.role } as User, password };
}
