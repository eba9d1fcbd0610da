import { randomBytes } from "node:crypto";
import { describe, expect } from "vitest";
import { asCaller, signUp, type SignedIn } from "../../test/fixtures";
import { codeOf, jobsSettled, type TestServer } from "../../test/harness";
import { it } from "../../test/server-test";
import { Notification, NotificationKind } from "../notifications/entity";
import { MAX_OPEN_WANTED_POSTS } from "./service";
import { noticeText } from "../../test/notifications";

/** Wanted posts: posting (rules, cap), the board, answering into a conversation, ownership, expiry, and the new-listing alert. */

const POST = `mutation ($input: WantedPostInput!) { postWanted(input: $input) { id title details maxPrice category campus expiresAt closedAt } }`;
const BOARD = `query ($category: String, $campus: String, $search: String, $page: Int, $pageSize: Int) {
  wantedPosts(category: $category, campus: $campus, search: $search, page: $page, pageSize: $pageSize) { items { id title } totalItems hasNextPage } }`;
const MINE = `{ myWantedPosts { id closedAt } }`;
const ANSWER = `mutation ($id: ID!) { answerWanted(id: $id) { id wantedPostId product { id } buyer { id } seller { id } } }`;
const CLOSE = `mutation ($id: ID!) { closeWanted(id: $id) { id closedAt } }`;
const DELETE = `mutation ($id: ID!) { deleteWanted(id: $id) }`;

const word = () => `w${randomBytes(4).toString("hex")}`;
const DAY = 24 * 3600_000;

const post = async (server: TestServer, who: SignedIn, input: Record<string, unknown>) => {
  const res = await server.gql<{ postWanted: { id: string; title: string } }>(
    POST,
    { input: { category: "electronics", campus: "nust-islamabad", ...input } },
    who.token,
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.postWanted;
};
const board = async (server: TestServer, who: SignedIn, variables: Record<string, unknown>) => {
  const res = await server.gql<{ wantedPosts: { items: Array<{ id: string; title: string }>; totalItems: number; hasNextPage: boolean } }>(
    BOARD,
    variables,
    who.token,
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.wantedPosts;
};

describe("posting", () => {
  it("posts what a buyer looks for, in PKR, expiring after 14 days by default", async ({ server, cast: { buyer } }) => {
    const res = await server.gql(
      POST,
      {
        input: {
          title: "  Casio fx-991ES ",
          details: "Needed before midterms",
          maxPrice: 3000,
          category: "Electronics",
          campus: "nust-islamabad",
        },
      },
      buyer.token,
    );
    expect(res.errors).toBeUndefined();
    const posted = res.data!.postWanted as { expiresAt: string };
    expect(posted).toMatchObject({
      title: "Casio fx-991ES",
      details: "Needed before midterms",
      maxPrice: 3000,
      category: "electronics",
      closedAt: null,
    });
    expect(new Date(posted.expiresAt).getTime() - server.clock.now().getTime()).toBeGreaterThan(14 * DAY - 60_000);
  });

  it("refuses bad input with the field named, and posts nothing", async ({ server }) => {
    const who = await signUp(server);
    for (const [input, field] of [
      [{ title: "ab", category: "books" }, "title"],
      [{ title: "!!!", category: "books" }, "title"],
      [{ title: "Casio", category: "spaceships" }, "category"],
      [{ title: "Casio", category: "books", maxPrice: -5 }, "maxPrice"],
      [{ title: "Casio", category: "books", campus: "mars" }, "campus"],
      [{ title: "Casio", category: "books", expiresInDays: 31 }, "expiresInDays"],
      [{ title: "Casio", category: "books", details: "x".repeat(1001) }, "details"],
    ] as const) {
      const res = await server.gql(POST, { input }, who.token);
      expect(codeOf(res)).toBe("BAD_USER_INPUT");
      expect(res.errors![0].extensions!.fields).toHaveProperty(field);
    }
    expect((await server.gql<{ myWantedPosts: unknown[] }>(MINE, {}, who.token)).data!.myWantedPosts).toEqual([]);
    expect(codeOf(await server.gql(POST, { input: { title: "Casio", category: "books" } }))).toBe("UNAUTHENTICATED");
  });

  it(`keeps at most ${MAX_OPEN_WANTED_POSTS} open posts per buyer; closing one makes room`, async ({ server }) => {
    const who = await signUp(server);
    const posts = await Promise.all(Array.from({ length: MAX_OPEN_WANTED_POSTS }, () => post(server, who, { title: `Item ${word()}` })));
    expect(codeOf(await server.gql(POST, { input: { title: "One more", category: "books" } }, who.token))).toBe("BAD_USER_INPUT");
    await server.gql(CLOSE, { id: posts[0].id }, who.token);
    await post(server, who, { title: "One more" });
  });
});

describe("the board", () => {
  it("finds open posts by words, category and campus, paged; closed and expired ones leave it", async ({
    server,
    cast: { buyer, otherBuyer, seller },
  }) => {
    const tag = word();
    const calc = await post(server, buyer, { title: `Casio calculator ${tag}` });
    const lamp = await post(server, otherBuyer, { title: `Desk lamp ${tag}`, category: "furniture", campus: "lums-lahore" });
    const closed = await post(server, buyer, { title: `Old phone ${tag}` });
    const soon = await post(server, otherBuyer, { title: `Cricket bat ${tag}`, category: "sports", expiresInDays: 1 });
    await server.gql(CLOSE, { id: closed.id }, buyer.token);

    expect((await board(server, seller, { search: tag })).items.map((p) => p.id).sort()).toEqual([calc.id, lamp.id, soon.id].sort());
    expect((await board(server, seller, { search: `calculator ${tag}` })).items.map((p) => p.id)).toEqual([calc.id]);
    expect((await board(server, seller, { search: tag, category: "furniture" })).items.map((p) => p.id)).toEqual([lamp.id]);
    expect((await board(server, seller, { search: tag, campus: "nust-islamabad" })).items.map((p) => p.id).sort()).toEqual(
      [calc.id, soon.id].sort(),
    );
    const first = await board(server, seller, { search: tag, pageSize: 2 });
    expect(first).toMatchObject({ totalItems: 3, hasNextPage: true });
    expect(first.items).toHaveLength(2);

    server.clock.advance(DAY + 60_000);
    expect((await board(server, seller, { search: tag })).items.map((p) => p.id).sort()).toEqual([calc.id, lamp.id].sort());
    expect(codeOf(await server.gql(BOARD, { category: "spaceships" }, seller.token))).toBe("BAD_USER_INPUT");
  });
});

describe("answering", () => {
  it("opens the seller's conversation with the author, once; both can write in it", async ({ server, cast: { buyer, seller } }) => {
    const wanted = await post(server, buyer, { title: `Casio ${word()}` });
    const res = await server.gql<{ answerWanted: { id: string } }>(ANSWER, { id: wanted.id }, seller.token);
    expect(res.errors).toBeUndefined();
    expect(res.data!.answerWanted).toMatchObject({
      wantedPostId: wanted.id,
      product: null,
      buyer: { id: buyer.user.id },
      seller: { id: seller.user.id },
    });
    const again = await server.gql<{ answerWanted: { id: string } }>(ANSWER, { id: wanted.id }, seller.token);
    expect(again.data!.answerWanted.id).toBe(res.data!.answerWanted.id);
    const conversationId = res.data!.answerWanted.id;
    await server.services.conversations.send({ conversationId, body: "I have one, barely used." }, asCaller(seller));
    await server.services.conversations.send({ conversationId, body: "Great, where can we meet?" }, asCaller(buyer));
    const thread = await server.services.conversations.messages(conversationId, asCaller(buyer), {});
    expect(thread.items.map((m) => m.body).sort()).toEqual(["Great, where can we meet?", "I have one, barely used."]);
  });

  it("refuses the author's own post, a closed post, a block either way, and a stranger's close or delete", async ({
    server,
    cast: { buyer, seller, otherSeller, admin },
  }) => {
    const wanted = await post(server, buyer, { title: `Casio ${word()}` });
    expect(codeOf(await server.gql(ANSWER, { id: wanted.id }, buyer.token))).toBe("FORBIDDEN");
    const blocker = await signUp(server, "seller");
    await server.services.conversations.blocking.block(buyer.user.id, asCaller(blocker));
    expect(codeOf(await server.gql(ANSWER, { id: wanted.id }, blocker.token))).toBe("FORBIDDEN");

    expect(codeOf(await server.gql(CLOSE, { id: wanted.id }, seller.token))).toBe("FORBIDDEN");
    expect(codeOf(await server.gql(DELETE, { id: wanted.id }, seller.token))).toBe("FORBIDDEN");
    expect((await server.gql(CLOSE, { id: wanted.id }, buyer.token)).data!.closeWanted).toMatchObject({ closedAt: expect.any(String) });
    expect(codeOf(await server.gql(CLOSE, { id: wanted.id }, buyer.token))).toBe("CONFLICT");
    // closed: gone for sellers, still there for its author
    expect(codeOf(await server.gql(ANSWER, { id: wanted.id }, otherSeller.token))).toBe("NOT_FOUND");
    expect(
      (await server.gql<{ myWantedPosts: Array<{ id: string }> }>(MINE, {}, buyer.token)).data!.myWantedPosts.map((p) => p.id),
    ).toContain(wanted.id);

    const other = await post(server, buyer, { title: `Lamp ${word()}` });
    expect((await server.gql(DELETE, { id: other.id }, admin.token)).data).toEqual({ deleteWanted: true });
    expect(codeOf(await server.gql(DELETE, { id: other.id }, buyer.token))).toBe("NOT_FOUND");
  });
});

describe("a suspended author", () => {
  const GET = `query ($id: ID!) { wantedPost(id: $id) { id title } }`;
  const MODERATE = `mutation ($input: ModerateInput!) { moderate(input: $input) { action } }`;
  const moderate = async (server: TestServer, admin: SignedIn, authorId: string, action: string) => {
    const input = { targetKind: "USER", targetId: authorId, action, note: "Scam posts" };
    expect((await server.gql(MODERATE, { input }, admin.token)).errors).toBeUndefined();
  };

  it("their posts leave the board and the post's page, and cannot be answered, until the suspension is lifted", async ({
    server,
    cast: { seller, otherSeller, admin },
  }) => {
    const author = await signUp(server);
    const tag = word();
    const wanted = await post(server, author, { title: `Casio ${tag}` });
    const answered = await server.gql<{ answerWanted: { id: string } }>(ANSWER, { id: wanted.id }, seller.token);
    expect(answered.errors).toBeUndefined();

    await moderate(server, admin, author.user.id, "SUSPEND_USER");
    expect((await board(server, otherSeller, { search: tag })).items).toEqual([]);
    expect(codeOf(await server.gql(GET, { id: wanted.id }, otherSeller.token))).toBe("NOT_FOUND");
    // neither a new answer nor the conversation a seller already had
    for (const who of [otherSeller, seller]) expect(codeOf(await server.gql(ANSWER, { id: wanted.id }, who.token))).toBe("NOT_FOUND");
    expect(codeOf(await server.gql(ANSWER, { id: wanted.id }, admin.token))).toBe("CONFLICT");
    // its author (who cannot sign in meanwhile) and admins still see it
    expect((await server.gql(GET, { id: wanted.id }, admin.token)).data).toEqual({ wantedPost: { id: wanted.id, title: `Casio ${tag}` } });
    expect((await server.services.wanted.get(wanted.id, asCaller(author))).id).toBe(wanted.id);

    await moderate(server, admin, author.user.id, "UNSUSPEND_USER");
    expect((await board(server, otherSeller, { search: tag })).items.map((p) => p.id)).toEqual([wanted.id]);
    expect((await server.gql(GET, { id: wanted.id }, otherSeller.token)).data).toEqual({
      wantedPost: { id: wanted.id, title: `Casio ${tag}` },
    });
    const again = await server.gql<{ answerWanted: { id: string } }>(ANSWER, { id: wanted.id }, seller.token);
    expect(again.data!.answerWanted.id).toBe(answered.data!.answerWanted.id);
  });
});

describe("a new listing", () => {
  const matchNotices = (server: TestServer, who: SignedIn) =>
    server.dataSource.getRepository(Notification).find({ where: { recipientId: who.user.id, kind: NotificationKind.LISTING_MATCH } });
  const list = async (server: TestServer, seller: SignedIn, name: string, price: number, category = "electronics") => {
    const product = await server.services.products.create(
      {
        name,
        description: "Scientific calculator, works perfectly.",
        category,
        price,
        image: `/uploads/${word()}.webp`,
        campus: "nust-islamabad",
      },
      asCaller(seller),
    );
    await jobsSettled(server);
    return product;
  };

  it("tells the author of an open post it matches (title words, category, campus, up to the max price)", async ({
    server,
    cast: { seller },
  }) => {
    const tag = word();
    const [author, tooCheap, otherCategory, expired, closed] = await Promise.all(Array.from({ length: 5 }, () => signUp(server)));
    await post(server, author, { title: `Casio ${tag}`, maxPrice: 3000 });
    await post(server, tooCheap, { title: `Casio ${tag}`, maxPrice: 2000 });
    await post(server, otherCategory, { title: `Casio ${tag}`, category: "books" });
    await post(server, expired, { title: `Casio ${tag}`, expiresInDays: 1 });
    const gone = await post(server, closed, { title: `Casio ${tag}` });
    await server.gql(CLOSE, { id: gone.id }, closed.token);
    server.clock.advance(DAY + 60_000);

    const product = await list(server, seller, `Casio fx-991ES ${tag}`, 2500);
    const [notice] = await matchNotices(server, author);
    expect(notice).toMatchObject({ link: `/shop/${product.id}` });
    expect(noticeText(notice)).toContain(`for your wanted post "Casio ${tag}"`);
    for (const who of [tooCheap, otherCategory, expired, closed]) expect(await matchNotices(server, who)).toEqual([]);
  });
});
