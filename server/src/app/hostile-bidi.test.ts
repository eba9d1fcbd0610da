import { describe, expect } from "vitest";
import { it } from "../test/server-test";
import { asCaller, signUp } from "../test/fixtures";
import { Dispute, DisputeReason } from "../modules/escrow/entity";
import { paidCardOrder } from "../modules/escrow/testing";
import { Message } from "../modules/conversations/entity";
import { setStatus } from "../modules/orders/testing";
import { Product } from "../modules/products/entity";
import { Review } from "../modules/reviews/entity";
import { User } from "../modules/users/entity";
import { WantedPost } from "../modules/wanted/entity";

// a right-to-left override shows "Ali gpj.exe" as "Ali exe.jpg"; the other bidirectional controls too
const RLO = "\u202E";
const ALL_CONTROLS = "\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C";
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;

describe("bidirectional controls in free text are not stored", () => {
  it("in a profile name and a store's name and description", async ({ server }) => {
    const seller = await signUp(server, "seller", {
      name: `Ali ${RLO}gpj.exe`,
      sellerType: "business",
      storeName: `Campus ${ALL_CONTROLS}Corner`,
      storeDescription: `Books ${RLO}and calculators`,
    });
    const row = await server.dataSource.getRepository(User).findOneByOrFail({ id: seller.user.id });
    expect(row).toMatchObject({ name: "Ali gpj.exe", storeName: "Campus Corner", storeDescription: "Books and calculators" });
  });

  it("in a product's name and description, a chat message, a review and a wanted post", async ({ server, cast: { seller, buyer } }) => {
    const product = await server.services.products.create(
      {
        name: `Calculator ${RLO}xe.exe`,
        description: `Casio fx-991 ${RLO}with cover`,
        category: "electronics",
        color: "black",
        price: 2500,
        image: "/uploads/calculator.webp",
      },
      asCaller(seller),
    );
    expect(await server.dataSource.getRepository(Product).findOneByOrFail({ id: product.id })).toMatchObject({
      name: "Calculator xe.exe",
      description: "Casio fx-991 with cover",
    });

    const conversation = await server.services.conversations.start(product.id, asCaller(buyer));
    const message = await server.services.conversations.send(
      { conversationId: conversation.id, body: `Is it ${ALL_CONTROLS}available?` },
      asCaller(buyer),
    );
    expect((await server.dataSource.getRepository(Message).findOneByOrFail({ id: message.id })).body).toBe("Is it available?");

    const review = await server.services.reviews.post({ productId: product.id, rating: 5, comment: `Great ${RLO}seller` }, asCaller(buyer));
    expect((await server.dataSource.getRepository(Review).findOneByOrFail({ id: review.id })).comment).toBe("Great seller");

    const post = await server.services.wanted.post(
      { title: `Physics ${RLO}book`, details: `Halliday ${RLO}10th edition`, category: "books" },
      asCaller(buyer),
    );
    expect(await server.dataSource.getRepository(WantedPost).findOneByOrFail({ id: post.id })).toMatchObject({
      title: "Physics book",
      details: "Halliday 10th edition",
    });
  });

  it("in a dispute's text and the seller's answer", async ({ server, cast: { seller, buyer } }) => {
    const order = await paidCardOrder(server, buyer, seller);
    expect((await setStatus(server, seller, order.id, "CONFIRMED")).errors).toBeUndefined();
    const opened = await server.services.disputes.open(
      { orderId: order.id, reason: DisputeReason.NOT_AS_DESCRIBED, text: `The screen is ${RLO}cracked, not as shown.` },
      asCaller(buyer),
    );
    await server.services.disputes.answer(opened.id, `It was ${RLO}fine when I handed it over.`, asCaller(seller));
    const row = await server.dataSource.getRepository(Dispute).findOneByOrFail({ id: opened.id });
    expect([row.text, row.sellerAnswer]).toEqual(["The screen is cracked, not as shown.", "It was fine when I handed it over."]);
    expect(JSON.stringify(row)).not.toMatch(BIDI);
  });
});
