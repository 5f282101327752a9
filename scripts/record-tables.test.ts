import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generatedFileIsCurrent, recordTablesSource } from './record-tables.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the records\' tables', () => {
  it('are generated from the declarations: record-tables.gen.ts is current (else run npm run db:tables)', () => {
    expect(generatedFileIsCurrent()).toBe(true);
  });

  it('derive each column from its field', () => {
    const source = recordTablesSource();
    // Money in cents, a percent exact, a date as text, a nullable month, an enum limited to its values.
    expect(source).toContain("grossPayCents: cents('gross_pay_cents').notNull(),");
    expect(source).toContain("apr: percent('apr').notNull(),");
    expect(source).toContain("nextPayDate: day('next_pay_date').notNull(),");
    expect(source).toContain("endMonth: text('end_month'),");
    expect(source).toContain("payCycle: text('pay_cycle', { enum: RECORD_FIELDS.income.pay_cycle.values }).notNull(),");
    // A collection is indexed by user; a single record is unique per user.
    expect(source).toContain("(t) => [index('debts_user_idx').on(t.userId)],");
    expect(source).toContain("(t) => [uniqueIndex('housings_user_key').on(t.userId)],");
    expect(source).toContain(".references(() => retirementAccounts.id, { onDelete: 'set null' })");
  });

  // The migrations under drizzle/ are in step with the schema: a record changed without its
  // migration fails here. drizzle-kit compares the schema with the last snapshot, in a copy.
  it('need no migration that drizzle/ does not have', { timeout: 120_000 }, () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'runway-migrations-'));
    try {
      cpSync(path.join(root, 'drizzle'), path.join(scratch, 'drizzle'), { recursive: true });
      const config = path.join(scratch, 'drizzle.config.ts');
      writeFileSync(
        config,
        `export default ${JSON.stringify({ dialect: 'postgresql', schema: './src/server/db/schema.ts', out: path.relative(root, path.join(scratch, 'drizzle')) })};\n`,
      );
      // drizzle-kit reads both paths relative to its working folder, the repository.
      const output = execFileSync(path.join(root, 'node_modules/.bin/drizzle-kit'), ['generate', '--config', config], { cwd: root, encoding: 'utf8' });
      expect(output).toContain('No schema changes, nothing to migrate');
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
