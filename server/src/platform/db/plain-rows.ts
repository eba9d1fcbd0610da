import type { DataSource, EntityTarget, ObjectLiteral, ValueTransformer } from "typeorm";

/**
 * An entity's selectable columns read as a plain row, without TypeORM's query building and entity
 * hydration (a quarter of a catalogue read's CPU): `columns("p", "p.")` is the SELECT list, each
 * column named after its property (with the prefix), and `from(row, "p.")` picks those back out
 * and applies the columns' transformers (numeric and bigint as numbers), so the object has the
 * entity's properties and values. Columns left out of default selects (a password hash) stay out.
 * The object is an instance of the entity's class (made as TypeORM's own deserialiser does, without
 * running the constructor): TypeGraphQL hands a root of another class to a field resolver as a new
 * instance with every property copied, on each field of each row.
 */
export type PlainRows<T> = {
  columns: (alias: string, prefix?: string) => string;
  from: (row: Record<string, unknown>, prefix?: string) => T;
  /** A row back from JSON (a cache): its times as dates again. */
  revive: (json: T) => T;
};

/** `only`: read just these properties' columns (the row then has only those). */
export function plainRows<T extends ObjectLiteral, K extends keyof T = keyof T>(
  dataSource: DataSource,
  entity: EntityTarget<T>,
  only?: readonly K[],
): PlainRows<Pick<T, K>> {
  const metadata = dataSource.getMetadata(entity);
  const wanted = only && new Set<string>(only as readonly string[]);
  const columns = metadata.columns
    .filter((column) => column.isSelect && (!wanted || wanted.has(column.propertyName)))
    .map((column) => {
      if (column.propertyPath !== column.propertyName)
        throw new Error(`plainRows: embedded column ${column.propertyPath} is not supported`);
      // applied from the database's side in reverse order, as TypeORM does
      const transformers = [column.transformer ?? []].flat<Array<ValueTransformer | ValueTransformer[]>>().reverse();
      const isTime = column.type === "timestamptz" || column.type === "timestamp" || column.type === Date;
      return { property: column.propertyName, database: column.databaseName, transformers, isTime };
    });
  const prototype: object = typeof metadata.target === "function" ? (metadata.target.prototype as object) : Object.prototype;
  const lists = new Map<string, string>();
  // each column's name in a row read with a prefix, made once: a name built per row and column was
  // a new string to hash on every lookup
  const keys = new Map<string, string[]>();
  const keysOf = (prefix: string) => {
    let names = keys.get(prefix);
    if (!names) keys.set(prefix, (names = columns.map((c) => prefix + c.property)));
    return names;
  };
  return {
    columns(alias, prefix = "") {
      const key = `${alias} ${prefix}`;
      let list = lists.get(key);
      if (!list) lists.set(key, (list = columns.map((c) => `${alias}."${c.database}" AS "${prefix}${c.property}"`).join(", ")));
      return list;
    },
    from(row, prefix = "") {
      const plain = Object.create(prototype) as Record<string, unknown>;
      const names = keysOf(prefix);
      for (let i = 0; i < columns.length; i++) {
        let value = row[names[i]];
        for (const transformer of columns[i].transformers) value = transformer.from(value);
        plain[columns[i].property] = value;
      }
      return plain as Pick<T, K>;
    },
    revive(json) {
      const plain: Record<string, unknown> = Object.assign(Object.create(prototype) as object, json);
      for (const { property, isTime } of columns)
        if (isTime && plain[property] != null) plain[property] = new Date(plain[property] as string);
      return plain as Pick<T, K>;
    },
  };
}
