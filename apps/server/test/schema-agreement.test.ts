// prisma/schema.prisma and the database built by prisma/migrations agree (ENVIRONMENT.md: Prisma's
// migration engine cannot run here, so migrations are hand-written SQL). The schema is read through
// Prisma's own parser (DMMF) and compared with the catalogue of a migrated database: tables, columns
// (type, precision, nullability, default), enums, primary keys, unique constraints, indexes and
// foreign keys, all with the names Prisma's conventions give them, and nothing more.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getDMMF } from '@prisma/get-dmmf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { readMigrations } from '../src/db/migrate.ts';
import { createTestDatabase, withClient } from './support/databases.ts';

type Dmmf = Extract<ReturnType<typeof getDMMF>, { datamodel: unknown }>;
type Model = Dmmf['datamodel']['models'][number];
type Field = Model['fields'][number];

interface Column {
  table: string;
  column: string;
  dataType: string;
  udtName: string;
  nullable: boolean;
  default: string | null;
  precision: number | null;
  maxLength: number | null;
}
interface Index {
  name: string;
  table: string;
  columns: string[];
  unique: boolean;
  primary: boolean;
}
interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
  onDelete: string;
  onUpdate: string;
}

let dmmf: Dmmf;
let tables: string[];
let columns: Column[];
let enums: Map<string, string[]>;
let indexes: Index[];
let foreignKeys: ForeignKey[];
let migrations: { migration_name: string; checksum: string }[];
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const parsed = await getDMMF({ datamodel: readFileSync(join(REPO_ROOT, 'prisma', 'schema.prisma'), 'utf8') });
  if (!('datamodel' in parsed))
    throw new Error(`schema.prisma could not be parsed: ${parsed.reason} ${parsed.error.message}`);
  dmmf = parsed;
  const database = await createTestDatabase();
  dropDatabase = database.drop;
  await withClient(database.url, async (client) => {
    migrations = (
      await client.query(
        'SELECT migration_name, checksum FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name',
      )
    ).rows;
    tables = (
      await client.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
      )
    ).rows.map((row) => row.table_name);

    columns = (
      await client.query(
        `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default, datetime_precision, character_maximum_length
           FROM information_schema.columns WHERE table_schema = 'public'`,
      )
    ).rows.map((row) => ({
      table: row.table_name,
      column: row.column_name,
      dataType: row.data_type,
      udtName: row.udt_name,
      nullable: row.is_nullable === 'YES',
      default: row.column_default,
      precision: row.datetime_precision,
      maxLength: row.character_maximum_length,
    }));

    enums = new Map(
      (
        await client.query<{ name: string; labels: string[] }>(
          `SELECT t.typname AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels
             FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
            WHERE n.nspname = 'public' GROUP BY t.typname`,
        )
      ).rows.map((row) => [row.name, row.labels]),
    );

    indexes = (
      await client.query(
        `SELECT i.relname AS name, t.relname AS table, ix.indisunique AS unique, ix.indisprimary AS primary,
                array_agg(a.attname::text ORDER BY k.ord) AS columns
           FROM pg_index ix
           JOIN pg_class i ON i.oid = ix.indexrelid
           JOIN pg_class t ON t.oid = ix.indrelid
           JOIN pg_namespace n ON n.oid = t.relnamespace
           CROSS JOIN LATERAL unnest(ix.indkey) WITH ORDINALITY AS k(attnum, ord)
           JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
          WHERE n.nspname = 'public' AND t.relname <> '_prisma_migrations'
          GROUP BY i.relname, t.relname, ix.indisunique, ix.indisprimary`,
      )
    ).rows;

    const actions: Record<string, string> = {
      a: 'NoAction',
      r: 'Restrict',
      c: 'Cascade',
      n: 'SetNull',
      d: 'SetDefault',
    };
    foreignKeys = (
      await client.query(
        `SELECT c.conname AS name, t.relname AS table, r.relname AS ref_table, c.confdeltype, c.confupdtype,
                (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
                   JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) AS columns,
                (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, ord)
                   JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum) AS ref_columns
           FROM pg_constraint c
           JOIN pg_class t ON t.oid = c.conrelid
           JOIN pg_class r ON r.oid = c.confrelid
           JOIN pg_namespace n ON n.oid = t.relnamespace
          WHERE c.contype = 'f' AND n.nspname = 'public'`,
      )
    ).rows.map((row) => ({
      name: row.name,
      table: row.table,
      columns: row.columns,
      refTable: row.ref_table,
      refColumns: row.ref_columns,
      onDelete: actions[row.confdeltype]!,
      onUpdate: actions[row.confupdtype]!,
    }));
  });
});
afterAll(() => dropDatabase?.());

// --- What Prisma's migrate would create for the schema -------------------------------------------

const models = () => dmmf.datamodel.models;
const tableOf = (model: Model) => model.dbName ?? model.name;
const modelNamed = (name: string) => models().find((model) => model.name === name)!;
const columnOf = (field: Field) => field.dbName ?? field.name;
const columnsOf = (model: Model, fieldNames: readonly string[]) =>
  fieldNames.map((name) => columnOf(model.fields.find((field) => field.name === name)!));
const scalarFields = (model: Model) => model.fields.filter((field) => field.kind === 'scalar' || field.kind === 'enum');
const enumDbName = (name: string) => {
  const found = dmmf.datamodel.enums.find((e) => e.name === name)!;
  return found.dbName ?? found.name;
};

interface ExpectedType {
  dataType: string;
  udtName: string;
  precision?: number;
  maxLength?: number;
}

/** The PostgreSQL type Prisma gives a field (native type attribute, else Prisma's default mapping). */
function expectedType(field: Field): ExpectedType {
  let type: ExpectedType;
  if (field.kind === 'enum') {
    type = { dataType: 'USER-DEFINED', udtName: enumDbName(field.type) };
  } else if (field.nativeType) {
    const [name, args] = field.nativeType as [string, string[]];
    const native: Record<string, ExpectedType> = {
      Uuid: { dataType: 'uuid', udtName: 'uuid' },
      Text: { dataType: 'text', udtName: 'text' },
      Timestamptz: { dataType: 'timestamp with time zone', udtName: 'timestamptz', precision: Number(args[0] ?? 6) },
      Timestamp: { dataType: 'timestamp without time zone', udtName: 'timestamp', precision: Number(args[0] ?? 6) },
      Date: { dataType: 'date', udtName: 'date', precision: 0 },
      VarChar: {
        dataType: 'character varying',
        udtName: 'varchar',
        ...(args[0] ? { maxLength: Number(args[0]) } : {}),
      },
      Integer: { dataType: 'integer', udtName: 'int4' },
      SmallInt: { dataType: 'smallint', udtName: 'int2' },
      BigInt: { dataType: 'bigint', udtName: 'int8' },
      JsonB: { dataType: 'jsonb', udtName: 'jsonb' },
      Decimal: { dataType: 'numeric', udtName: 'numeric' },
    };
    if (!native[name])
      throw new Error(`schema-agreement.test.ts does not know the native type @db.${name} yet: add it`);
    type = native[name]!;
  } else {
    const defaults: Record<string, ExpectedType> = {
      String: { dataType: 'text', udtName: 'text' },
      Int: { dataType: 'integer', udtName: 'int4' },
      BigInt: { dataType: 'bigint', udtName: 'int8' },
      Boolean: { dataType: 'boolean', udtName: 'bool' },
      Float: { dataType: 'double precision', udtName: 'float8' },
      DateTime: { dataType: 'timestamp without time zone', udtName: 'timestamp', precision: 3 },
      Json: { dataType: 'jsonb', udtName: 'jsonb' },
      Bytes: { dataType: 'bytea', udtName: 'bytea' },
    };
    if (!defaults[field.type])
      throw new Error(`schema-agreement.test.ts does not know the Prisma type ${field.type} yet: add it`);
    type = defaults[field.type]!;
  }
  // Lists are arrays of the element type (udt_name '_text' for text[]).
  return field.isList ? { dataType: 'ARRAY', udtName: `_${type.udtName}` } : type;
}

/** The column default Prisma's SQL gives a field, as PostgreSQL reports it (null: no database default). */
function expectedDefault(field: Field, table: string): string | null {
  const value = field.default as unknown;
  if (value === undefined || field.isUpdatedAt) return null;
  if (typeof value === 'object' && value !== null && 'name' in value) {
    const fn = value as { name: string; args: unknown[] };
    if (fn.name === 'now') return 'CURRENT_TIMESTAMP';
    // A SERIAL column: the sequence PostgreSQL names after its table and column.
    if (fn.name === 'autoincrement') return `nextval('${table}_${columnOf(field)}_seq'::regclass)`;
    // uuid(), cuid(), nanoid(), ulid() are generated by the Prisma client, not by the database.
    if (['uuid', 'cuid', 'nanoid', 'ulid'].includes(fn.name)) return null;
    throw new Error(`schema-agreement.test.ts does not know @default(${fn.name}()) yet: add it`);
  }
  if (field.kind === 'enum') return `'${String(value)}'::"${enumDbName(field.type)}"`;
  if (typeof value === 'string' && field.type === 'Json') return `'${value.replace(/'/g, "''")}'::jsonb`;
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'::text`;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  throw new Error(`schema-agreement.test.ts does not know the default ${JSON.stringify(value)} yet: add it`);
}

/** Primary keys, unique constraints and indexes, with Prisma's default names. */
function expectedIndexes(): Index[] {
  return dmmf.datamodel.indexes.map((index) => {
    const model = modelNamed(index.model);
    const table = tableOf(model);
    const cols = columnsOf(
      model,
      index.fields.map((field) => field.name),
    );
    const suffix =
      index.type === 'id' ? 'pkey' : index.type === 'unique' ? `${cols.join('_')}_key` : `${cols.join('_')}_idx`;
    return {
      name: index.dbName ?? (index.type === 'id' ? `${table}_pkey` : `${table}_${suffix}`),
      table,
      columns: cols,
      unique: index.type === 'id' || index.type === 'unique',
      primary: index.type === 'id',
    };
  });
}

/** Foreign keys of the relations that hold the reference, with Prisma's default actions. */
function expectedForeignKeys(): ForeignKey[] {
  return models().flatMap((model) =>
    model.fields
      .filter((field) => field.kind === 'object' && (field.relationFromFields?.length ?? 0) > 0)
      .map((field) => {
        const target = modelNamed(field.type);
        const cols = columnsOf(model, field.relationFromFields!);
        const required = field.relationFromFields!.every(
          (name) => model.fields.find((f) => f.name === name)!.isRequired,
        );
        return {
          name: `${tableOf(model)}_${cols.join('_')}_fkey`,
          table: tableOf(model),
          columns: cols,
          refTable: tableOf(target),
          refColumns: columnsOf(target, field.relationToFields!),
          onDelete: field.relationOnDelete ?? (required ? 'Restrict' : 'SetNull'),
          onUpdate: (field as { relationOnUpdate?: string }).relationOnUpdate ?? 'Cascade',
        };
      }),
  );
}

const byName = <T extends { name: string }>(items: T[]) => [...items].sort((a, b) => a.name.localeCompare(b.name));

// --- The comparison ----------------------------------------------------------------------------

describe('schema.prisma ↔ migrated database', () => {
  it('has one table per model (@@map), and no other table than _prisma_migrations', () => {
    expect([...tables].sort()).toEqual([...models().map(tableOf), '_prisma_migrations'].sort());
  });

  it('was built by applying every migration of prisma/migrations', () => {
    expect(migrations).toEqual(
      readMigrations().map((migration) => ({ migration_name: migration.name, checksum: migration.checksum })),
    );
  });

  it('has exactly the columns of the scalar fields (@map), in every table', () => {
    for (const model of models()) {
      const actual = columns
        .filter((column) => column.table === tableOf(model))
        .map((column) => column.column)
        .sort();
      expect(actual, tableOf(model)).toEqual(scalarFields(model).map(columnOf).sort());
    }
  });

  it('gives every column the type, precision, nullability and default of its field', () => {
    const mismatches: string[] = [];
    for (const model of models()) {
      for (const field of scalarFields(model)) {
        const where = `${model.name}.${field.name} (${tableOf(model)}.${columnOf(field)})`;
        const column = columns.find((c) => c.table === tableOf(model) && c.column === columnOf(field));
        if (!column) {
          mismatches.push(`${where}: no column`);
          continue;
        }
        const type = expectedType(field);
        if (column.dataType !== type.dataType || column.udtName !== type.udtName) {
          mismatches.push(
            `${where}: type ${column.dataType}/${column.udtName}, schema wants ${type.dataType}/${type.udtName}`,
          );
        }
        if (type.precision !== undefined && column.precision !== type.precision) {
          mismatches.push(`${where}: precision ${column.precision}, schema wants ${type.precision}`);
        }
        if (type.maxLength !== undefined && column.maxLength !== type.maxLength) {
          mismatches.push(`${where}: length ${column.maxLength}, schema wants ${type.maxLength}`);
        }
        // Prisma creates scalar lists without NOT NULL; other fields are NOT NULL unless optional.
        const nullable = field.isList || !field.isRequired;
        if (column.nullable !== nullable)
          mismatches.push(`${where}: nullable ${column.nullable}, schema wants ${nullable}`);
        const wanted = expectedDefault(field, tableOf(model));
        if (column.default !== wanted) mismatches.push(`${where}: default ${column.default}, schema wants ${wanted}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('has the enums of the schema with their values in order, and no other', () => {
    const expected = new Map(
      dmmf.datamodel.enums.map((e) => [e.dbName ?? e.name, e.values.map((v) => v.dbName ?? v.name)]),
    );
    expect(Object.fromEntries(enums)).toEqual(Object.fromEntries(expected));
  });

  it('has exactly the primary keys, unique constraints and indexes of the schema (@id, @@id, @unique, @@unique, @@index)', () => {
    expect(byName(indexes)).toEqual(byName(expectedIndexes()));
  });

  it('has exactly the foreign keys of the relations, with their onDelete and onUpdate actions', () => {
    expect(byName(foreignKeys)).toEqual(byName(expectedForeignKeys()));
  });

  it('is checked on a non-trivial schema (guards against an empty comparison)', () => {
    expect(models().length).toBeGreaterThanOrEqual(8);
    expect(expectedIndexes().filter((index) => index.primary)).toHaveLength(models().length);
    expect(expectedIndexes().some((index) => index.unique && !index.primary)).toBe(true);
    expect(expectedIndexes().some((index) => !index.unique && index.columns.length > 1)).toBe(true);
    expect(expectedForeignKeys().length).toBeGreaterThanOrEqual(5);
    expect(columns.length).toBeGreaterThan(50);
  });
});
