// Rewrites "part N §M" citations of the original specification (which is not in this repository) into links to
// the headings of docs/product.md and docs/architecture.md. Only comments and string literals are touched, so the
// output compiles and lints exactly as before. Safe to re-run: a second run finds nothing.
//
//   node scripts/codemods/spec-refs-to-docs.mjs            rewrite the files in place
//   node scripts/codemods/spec-refs-to-docs.mjs --dry-run  print what would change, write nothing
//   node scripts/codemods/spec-refs-to-docs.mjs --check    exit 1 while any citation is left (for CI)
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOTS = ['apps', 'server', 'packages', 'e2e', 'scripts', 'supabase', 'bench'];
const EXTENSIONS = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;

/**
 * The specification had two parts with the same nine sections. A citation's section picks the heading when the
 * file has no topic of its own (below); §7 (the calls) and §6 (roles) are architecture/permission matters.
 */
export const SECTION_ANCHORS = {
  1: {
    1: 'product.md#what-it-is',
    2: 'product.md#routes',
    3: 'product.md#browser-storage',
    4: 'product.md#routes',
    5: 'product.md#validation',
    6: 'product.md#roles',
    7: 'architecture.md#system-shape',
    8: 'product.md#messages',
    9: 'product.md#constants',
  },
  2: {
    1: 'product.md#what-it-is',
    2: 'product.md#routes',
    3: 'product.md#browser-storage',
    4: 'product.md#routes',
    5: 'product.md#validation',
    6: 'product.md#roles',
    7: 'architecture.md#data-model',
    8: 'product.md#messages',
    9: 'product.md#constants',
  },
};

/**
 * Files that implement one screen or flow point at that flow's heading whatever section they cited: each flow's
 * heading in docs/product.md holds its screens, states, rules, messages and constants together. Longest prefix wins;
 * a value may be split by part when one file cites both.
 */
export const TOPIC_ANCHORS = {
  // It also cites part 1 for the consent dialog's reload.
  'apps/web/src/app/analytics-provider': { 1: 'product.md#cookie-consent', 2: 'product.md#analytics' },
  'apps/web/src/app/auth-provider': 'product.md#auth-state',
  'apps/web/src/app/consent-provider': 'product.md#cookie-consent',
  'apps/web/src/app/plan-provider': 'product.md#plans',
  'apps/web/src/app/protected-route': 'product.md#dashboard',
  'apps/web/src/app/session-timeout-provider': 'product.md#session-timeout',
  'apps/web/src/features/admin/': 'product.md#admin-password-override',
  'apps/web/src/features/analytics/': 'product.md#analytics',
  'apps/web/src/features/auth/': 'product.md#sign-in',
  'apps/web/src/features/auth/auth-errors': 'product.md#auth-state',
  'apps/web/src/features/auth/api/user-sessions': 'product.md#auth-state',
  'apps/web/src/features/auth/api/password-reset': 'product.md#password-reset',
  'apps/web/src/features/auth/components/auth-page-shell': 'product.md#top-navigation',
  'apps/web/src/features/auth/components/forgot-password-form': 'product.md#password-reset',
  'apps/web/src/features/auth/components/reset-password-form': 'product.md#password-reset',
  'apps/web/src/features/auth/use-recovery-session': 'product.md#password-reset',
  'apps/web/src/features/booking/': 'product.md#booking-widget',
  'apps/web/src/features/connect-anything/': 'product.md#connect-anything',
  'apps/web/src/features/consent/': 'product.md#cookie-consent',
  'apps/web/src/features/dashboard/': 'product.md#dashboard',
  'apps/web/src/features/dashboard/builder/': 'product.md#builder',
  'apps/web/src/features/dashboard/lib/': 'product.md#business-health-score',
  'apps/web/src/features/landing/': 'product.md#landing-page',
  'apps/web/src/features/landing/partners': 'product.md#partners',
  'apps/web/src/features/onboarding/': 'product.md#onboarding',
  'apps/web/src/features/plans/': 'product.md#plans',
  'apps/web/src/features/pricing/': 'product.md#pricing',
  'apps/web/src/features/profile/': 'product.md#profile',
  'apps/web/src/features/profile/components/sessions-and-timeout': 'product.md#session-timeout',
  'apps/web/src/features/session-timeout/': 'product.md#session-timeout',
  'apps/web/src/features/site-chrome/': 'product.md#top-navigation',
  'apps/web/src/features/site-chrome/components/mobile-drawer': 'product.md#mobile-drawer',
  'apps/web/src/features/site-chrome/components/site-footer': 'product.md#footer',
  'apps/web/src/features/site-chrome/nav-links': 'product.md#mobile-drawer',
  'apps/web/src/features/voice/': 'product.md#voice-assistant',
  'apps/web/src/features/waitlist/': 'product.md#waitlist',
  'apps/web/src/features/waitlist/components/intro-video': 'product.md#intro-video',
  'apps/web/src/features/waitlist/components/thanks-view': 'product.md#waitlist-thanks',
  'apps/web/src/lib/auth-error-text': 'product.md#auth-state',
  'apps/web/src/lib/client-rate-limit': 'product.md#validation',
  'apps/web/src/lib/messages': 'product.md#messages',
  'apps/web/src/lib/paths': 'product.md#top-navigation',
  'apps/web/src/lib/security-input': 'product.md#validation',
  'apps/web/src/lib/session-markers': 'product.md#session-timeout',
  'apps/web/src/pages/home': 'product.md#landing-page',
  'apps/web/src/pages/reset-password': 'product.md#password-reset',
  'e2e/support/fake-voice-agent': 'product.md#voice-assistant',
  'packages/shared/src/admin': 'product.md#analytics',
  'packages/shared/src/integrations': 'product.md#connect-anything',
  'packages/shared/src/onboarding': 'product.md#onboarding',
  'packages/shared/src/plans': 'product.md#plans',
  'server/src/api/admin/stats': 'product.md#analytics',
  'server/src/api/waitlist-mail': 'product.md#waitlist',
};

// "part 1 §2", "Part 2 §3/§9", "part 1 §2–§5", "part 2 §6 and §9, part 1 §9", "specification part 1 §3".
const SECTION = String.raw`§ ?\d+`;
const PART = String.raw`[Pp]art \d+ ?${SECTION}`;
const JOIN = String.raw`\s*(?:,|/|–|-|and)\s*`;
export const CITATION = new RegExp(String.raw`(?:(?:the )?specification(?:'s)? )?${PART}(?:${JOIN}(?:[Pp]art \d+ ?)?${SECTION})*`, 'g');

const stem = (path) => path.replace(/^.*\//, '').replace(/(\.test)?\.[cm]?[jt]sx?$/, '');

function topicOf(path, part) {
  let best;
  for (const prefix of Object.keys(TOPIC_ANCHORS)) {
    if (path.startsWith(prefix) && (!best || prefix.length > best.length)) best = prefix;
  }
  // A file moved by a later branch (e.g. a provider out of app/) keeps its topic by its file name.
  best ??= Object.keys(TOPIC_ANCHORS).find((key) => !key.endsWith('/') && stem(key) === stem(path));
  const topic = best && TOPIC_ANCHORS[best];
  return typeof topic === 'object' ? topic[part] : topic;
}

/** The (part, section) pairs one citation names, in order; a bare "§M" belongs to the last part named. */
export function citedSections(citation) {
  const pairs = [];
  let part;
  for (const m of citation.matchAll(/[Pp]art (\d+)|§ ?(\d+)/g)) {
    if (m[1]) part = Number(m[1]);
    else pairs.push([part, Number(m[2])]);
  }
  return pairs;
}

/** The docs link(s) that replace one citation found in `path`. */
export function linkFor(citation, path) {
  const anchors = citedSections(citation).map(([part, section]) => {
    const anchor = topicOf(path, part) ?? SECTION_ANCHORS[part]?.[section];
    if (!anchor) throw new Error(`${path}: no heading for part ${part} §${section} (add it to SECTION_ANCHORS)`);
    return anchor;
  });
  return [...new Set(anchors)].map((a) => `docs/${a}`).join(', ');
}

/** Ranges [start, end) of the comments and string literals of a source file: the only text this codemod edits. */
function textRanges(source, path) {
  const kind = /x$/.test(path) ? ts.ScriptKind.TSX : /\.[mc]?js$/.test(path) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, kind);
  const ranges = new Map();
  const addComments = (list) => list?.forEach((c) => ranges.set(c.pos, c.end));
  const visit = (node) => {
    addComments(ts.getLeadingCommentRanges(source, node.pos));
    addComments(ts.getTrailingCommentRanges(source, node.end));
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isJsxText(node)) {
      ranges.set(node.getStart(file), node.end);
    }
    // getChildren() includes tokens, so comments before a closing brace (JSX `{/* … */}`) are reached too.
    node.getChildren(file).forEach(visit);
  };
  visit(file);
  addComments(ts.getLeadingCommentRanges(source, file.endOfFileToken.pos));
  return [...ranges].sort((a, b) => a[0] - b[0]);
}

/** The file's text with every citation inside a comment or string replaced; `count` is how many were replaced. */
export function rewrite(source, path) {
  let count = 0;
  let out = '';
  let at = 0;
  for (const [start, end] of textRanges(source, path)) {
    if (start < at) continue;
    const piece = source.slice(start, end).replace(CITATION, (citation) => {
      count += 1;
      return linkFor(citation, path);
    });
    out += source.slice(at, start) + piece;
    at = end;
  }
  return { text: out + source.slice(at), count };
}

/** GitHub's heading ids: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every target of the tables must be a heading of its document, or the links would be dead on arrival. */
function assertAnchorsExist(top) {
  const targets = [...Object.values(SECTION_ANCHORS).flatMap(Object.values), ...Object.values(TOPIC_ANCHORS)].flatMap((t) =>
    typeof t === 'object' ? Object.values(t) : [t],
  );
  const ids = new Map();
  for (const target of new Set(targets)) {
    const [doc, anchor] = target.split('#');
    if (!ids.has(doc)) {
      const headings = readFileSync(`${top}/docs/${doc}`, 'utf8').match(/^#{1,6} .+$/gm) ?? [];
      ids.set(doc, new Set(headings.map((h) => slug(h.replace(/^#+ /, '')))));
    }
    if (!ids.get(doc).has(anchor)) throw new Error(`docs/${doc} has no heading with the id '${anchor}'`);
  }
}

function trackedFiles() {
  const self = fileURLToPath(import.meta.url);
  const top = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  const listed = execFileSync('git', ['ls-files', '-z', '--', ...ROOTS], { cwd: top, encoding: 'utf8' });
  return {
    top,
    files: listed.split('\0').filter((f) => EXTENSIONS.test(f) && `${top}/${f}` !== self),
  };
}

function main(args) {
  const mode = args.includes('--check') ? 'check' : args.includes('--dry-run') ? 'dry-run' : 'write';
  const { top, files } = trackedFiles();
  assertAnchorsExist(top);
  let total = 0;
  let changed = 0;
  for (const file of files) {
    const source = readFileSync(`${top}/${file}`, 'utf8');
    if (!CITATION.test(source)) continue;
    CITATION.lastIndex = 0;
    const { text, count } = rewrite(source, file);
    if (count === 0) continue;
    total += count;
    changed += 1;
    if (mode === 'write') writeFileSync(`${top}/${file}`, text);
    else console.log(`${file}: ${count}`);
  }
  const verb = mode === 'write' ? 'rewrote' : 'would rewrite';
  console.log(`${verb} ${total} citation(s) in ${changed} file(s)`);
  if (mode === 'check' && total > 0) process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
