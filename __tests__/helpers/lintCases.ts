import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * Lints each case's code as if it were the named file of the repository and returns the rule ids ESLint
 * reports for it (the lint tests' planted violations). ESLint's flat config is an ES module, which Jest
 * cannot load, so one child Node process lints all the cases.
 */
export function lintCases<K extends string>(cases: Record<K, [string, string]>): Record<K, string[]> {
  const script = `
    import { ESLint } from 'eslint';
    import path from 'node:path';
    const cases = JSON.parse(process.env.LINT_CASES);
    const eslint = new ESLint();
    const out = {};
    for (const [name, [file, code]] of Object.entries(cases)) {
      const [result] = await eslint.lintText(code, { filePath: path.resolve(file) });
      out[name] = result.messages.map((m) => m.ruleId ?? m.message);
    }
    process.stdout.write(JSON.stringify(out));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, LINT_CASES: JSON.stringify(cases) },
    encoding: 'utf8',
  });
  return JSON.parse(output) as Record<K, string[]>;
}
