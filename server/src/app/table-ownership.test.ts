import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { isProductCode, sourceFiles } from "../test/import-graph";

/**
 * A module writes only its own tables. An entity belongs to the module whose folder declares it
 * (`@Entity`), its table with it; the product code of a module (tests and their `testing.ts`
 * helpers aside) may read any of them, but a save, insert, update, upsert, delete, remove,
 * increment or decrement of another module's entity, or a raw `UPDATE`, `INSERT INTO` or
 * `DELETE FROM` its table, is a write into rows it does not own: that change is a call to the
 * owning module's public function (its index.ts) or a reaction to an event (app/reactions.ts).
 *
 * A static scan, so it sees the forms the code uses: `manager.update(Entity, ...)` and the like,
 * `getRepository(Entity).save(...)`, a repository kept in a variable, property or getter, the
 * query builder's `.update(Entity)`, `.insert().into(Entity)`, `.delete().from(Entity)`,
 * `save(create(Entity, ...))` / `save(new Entity())`, and SQL in string literals.
 */

type Source = { module: string; file: string; text: string };

const MODULES = path.resolve(__dirname, "../modules");

function moduleSources(root: string): Source[] {
  return readdirSync(root)
    .filter((name) => statSync(path.join(root, name)).isDirectory())
    .flatMap((module) =>
      sourceFiles(path.join(root, module))
        .filter(isProductCode)
        .map((file) => ({ module, file: path.relative(root, file), text: readFileSync(file, "utf8") })),
    );
}

/** Each source is parsed once: the owners and the writes are read from the same tree. */
const parsed = new WeakMap<Source, ts.SourceFile>();
const parse = (source: Source) => {
  const tree = parsed.get(source) ?? ts.createSourceFile(source.file, source.text, ts.ScriptTarget.Latest, true);
  parsed.set(source, tree);
  return tree;
};

/** Entity class -> module, table -> module, from each `@Entity({ name })` class. */
function owners(sources: Source[]) {
  const entities = new Map<string, string>();
  const tables = new Map<string, string>();
  for (const source of sources) {
    parse(source).forEachChild((node) => {
      if (!ts.isClassDeclaration(node) || !node.name) return;
      const entity = ts
        .getDecorators(node)
        ?.find((d) => ts.isCallExpression(d.expression) && d.expression.expression.getText() === "Entity");
      if (!entity) return;
      entities.set(node.name.text, source.module);
      const table = /name:\s*"(\w+)"|^@Entity\("(\w+)"/.exec(entity.getText());
      if (table) tables.set(table[1] ?? table[2], source.module);
    });
  }
  return { entities, tables };
}

const WRITES = new Set([
  "save",
  "insert",
  "update",
  "upsert",
  "delete",
  "remove",
  "softDelete",
  "softRemove",
  "restore",
  "increment",
  "decrement",
  "into",
]);
const SQL_WRITE = /\b(?:UPDATE|INSERT\s+INTO|DELETE\s+FROM)\s+"?(\w+)"?/gi;

/** Each write of a module's product code into another module's entity or table, as `file:line writes X, owned by Y`. */
function foreignWrites(sources: Source[]): string[] {
  const { entities, tables } = owners(sources);
  const found: string[] = [];
  for (const source of sources) {
    const file = parse(source);
    const entityNamed = (node: ts.Node | undefined) => (node && ts.isIdentifier(node) && entities.has(node.text) ? node.text : undefined);
    const repositoryOf = (node: ts.Node | undefined) =>
      node && ts.isCallExpression(node) && /(^|\.)getRepository$/.test(node.expression.getText())
        ? entityNamed(node.arguments[0])
        : undefined;
    // repositories kept in a variable, a property, a getter or a `Repository<Entity>` parameter
    const kept = new Map<string, string>();
    const keep = (name: string, entity: string | undefined) => {
      if (entity) for (const key of [name, `this.${name}`]) kept.set(key, entity);
    };
    const collect = (node: ts.Node) => {
      if ((ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node)) && node.initializer)
        keep(node.name.getText(), repositoryOf(node.initializer));
      if ((ts.isPropertyDeclaration(node) || ts.isParameter(node)) && node.type)
        keep(node.name.getText(), /^Repository<(\w+)>$/.exec(node.type.getText())?.[1]);
      if (ts.isGetAccessor(node) && node.body?.statements.length === 1) {
        const [only] = node.body.statements;
        if (ts.isReturnStatement(only)) keep(node.name.getText(), repositoryOf(only.expression));
      }
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken)
        keep(node.left.getText(), repositoryOf(node.right));
      node.forEachChild(collect);
    };
    collect(file);
    const report = (target: string, owner: string | undefined, node: ts.Node) => {
      if (!owner || owner === source.module) return;
      const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push(`${source.file}:${line} writes ${target}, owned by ${owner}`);
    };
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text;
        const target = node.expression.expression;
        const [first] = node.arguments;
        let entity: string | undefined;
        if (WRITES.has(method)) {
          entity = repositoryOf(target) ?? kept.get(target.getText()) ?? entityNamed(first);
          // save(manager.create(Entity, ...)) or save(new Entity())
          const made = first && /\.create\((\w+)\b|\bnew (\w+)\(/.exec(first.getText());
          entity ??= [made?.[1], made?.[2]].find((name) => name && entities.has(name));
        } else if (method === "from" && /\.delete\(\)\s*$/.test(target.getText())) entity = entityNamed(first);
        if (entity) report(entity, entities.get(entity), node);
      }
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node))
        for (const [, table] of node.text.matchAll(SQL_WRITE)) report(table, tables.get(table), node);
      node.forEachChild(visit);
    };
    visit(file);
  }
  return [...new Set(found)];
}

describe("each module writes only its own tables", () => {
  // reads and parses every module file: room for a loaded 2-core machine
  it("finds no module writing another module's entity or table", { timeout: 120_000 }, () => {
    const sources = moduleSources(MODULES);
    const { entities, tables } = owners(sources);
    // the scan sees the entities where they are declared
    expect(entities.size).toBeGreaterThan(30);
    expect([entities.get("Product"), entities.get("User"), entities.get("Coupon"), tables.get("deal_reviews")]).toEqual([
      "products",
      "users",
      "orders",
      "reviews",
    ]);
    expect(foreignWrites(sources), "writes into another module's rows: call the owning module's public function").toEqual([]);
  });

  it("would fire on each form of write into another module's rows, and on none of its reads or own writes", () => {
    const products = `import { Entity } from "typeorm";\n@Entity({ name: "products" })\nexport class Product {}\n`;
    const reviews = `import { Entity } from "typeorm";\n@Entity({ name: "reviews" })\nexport class Review {}\n`;
    const service = [
      `import { Product } from "../products";`,
      `import { Review } from "./entity";`,
      `export class ReviewsService {`,
      `  private readonly kept = this.dataSource.getRepository(Product);`,
      `  constructor(private readonly dataSource: DataSource, private readonly typed: Repository<Product>) {}`,
      `  private get products() {`,
      `    return this.dataSource.getRepository(Product);`,
      `  }`,
      `  async writes(manager: EntityManager) {`,
      `    await manager.update(Product, id, { ratingCount: 1 });`,
      `    await manager.getRepository(Product).increment({ id }, "ratingCount", 1);`,
      `    await this.products.save(product);`,
      `    await this.kept.delete({ id });`,
      `    await this.typed.upsert(product, ["id"]);`,
      `    await manager.save(manager.create(Product, { name }));`,
      `    await manager.createQueryBuilder().update(Product).set({ name }).execute();`,
      `    await manager.createQueryBuilder().insert().into(Product).values({ name }).execute();`,
      `    await manager.createQueryBuilder().delete().from(Product).execute();`,
      '    await manager.query(`UPDATE products SET "ratingCount" = 0`);',
      `    await manager.query('INSERT INTO "products" (name) VALUES ($1)', [name]);`,
      "    await manager.query(`DELETE FROM products WHERE id = ${'$'}1`, [id]);",
      `  }`,
      `  async fine(manager: EntityManager) {`,
      `    await manager.findOneBy(Product, { id });`,
      `    await this.products.find();`,
      '    await manager.query(`SELECT p.name FROM products p JOIN reviews r ON r."productId" = p.id`);',
      `    await manager.update(Review, id, { rating: 5 });`,
      `    await manager.createQueryBuilder().delete().from(Review).execute();`,
      "    await manager.query(`UPDATE reviews SET rating = 5`);",
      `    await manager.save(manager.create(Review, { rating: 5 }));`,
      `  }`,
      `}`,
    ].join("\n");
    const sources: Source[] = [
      { module: "products", file: "products/entity.ts", text: products },
      { module: "reviews", file: "reviews/entity.ts", text: reviews },
      { module: "reviews", file: "reviews/service.ts", text: service },
    ];
    expect(foreignWrites(sources)).toEqual([
      "reviews/service.ts:10 writes Product, owned by products",
      "reviews/service.ts:11 writes Product, owned by products",
      "reviews/service.ts:12 writes Product, owned by products",
      "reviews/service.ts:13 writes Product, owned by products",
      "reviews/service.ts:14 writes Product, owned by products",
      "reviews/service.ts:15 writes Product, owned by products",
      "reviews/service.ts:16 writes Product, owned by products",
      "reviews/service.ts:17 writes Product, owned by products",
      "reviews/service.ts:18 writes Product, owned by products",
      "reviews/service.ts:19 writes products, owned by products",
      "reviews/service.ts:20 writes products, owned by products",
      "reviews/service.ts:21 writes products, owned by products",
    ]);
    // the same code in the owning module writes its own rows
    expect(foreignWrites(sources.map((s) => ({ ...s, module: "products" })))).toEqual([]);
  });
});
