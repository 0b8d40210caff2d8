// Every package declares what it imports: each bare import in a tracked source file must be among
// the dependencies of that file's nearest package.json (a hoisted copy working by chance does not count).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const builtins = new Set(builtinModules);
const manifests = new Map();

/** The directory and declared names of the nearest package.json above `file`. */
function owner(file) {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (!manifests.has(dir)) {
      const p = path.join(root, dir, 'package.json');
      manifests.set(dir, fs.existsSync(p) ? JSON.parse(fs.readFileSync(p, 'utf8')) : null);
    }
    const pkg = manifests.get(dir);
    if (pkg) {
      const sections = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];
      return { dir, names: new Set([pkg.name, ...sections.flatMap((s) => Object.keys(pkg[s] ?? {}))]) };
    }
    if (dir === '.') throw new Error(`no package.json above ${file}`);
  }
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`; null for relative, absolute and virtual ids. */
function packageOf(spec) {
  if (/^[./]|^[a-z]+:/.test(spec) || spec.startsWith('virtual:') || spec.includes('?')) return null;
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mts', '*.mjs', '*.js'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => f && !f.endsWith('.d.ts') && !f.endsWith('.d.mts'));

const missing = [];
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(path.join(root, file), 'utf8'), true, true);
  const { dir, names } = owner(file);
  for (const { fileName } of importedFiles) {
    const name = packageOf(fileName);
    if (name && !builtins.has(name) && !names.has(name))
      missing.push(`${file}: '${fileName}' is not declared in ${path.join(dir, 'package.json')}`);
  }
}
if (missing.length) {
  console.error(`${missing.join('\n')}\n${missing.length} undeclared import(s)`);
  process.exit(1);
}
console.log(`check-deps: ${files.length} files, every bare import declared by its package`);
