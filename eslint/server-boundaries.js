import path from 'node:path';

/**
 * The server's floors (apps/server/src), highest first. A file imports from its own floor or a
 * lower one, never a higher one; and a feature never imports another feature: what two features
 * share moves down to shared/ (or pdf/, plugins/, db/).
 *
 *   app.ts, main.ts      compose the features into the server
 *   features/<f>/        one HTTP feature each: routes, service, queries, tests
 *   shared/              what several features share (accounts, parties, logos, notifications, SQL)
 *   pdf/                 the PDF engine (worker pool, layout, templates, fonts)
 *   plugins/             cross-cutting Fastify plugins (errors, session, database, rate limits, mail)
 *   db/, config, paths   schema, migrations, settings
 *
 * Tests may also build the whole app (app.ts), as test/app.ts does for them. Test support
 * (apps/server/test/*.ts, not the suites) sits beside the floors and is shared by every feature's
 * tests, so it imports no feature either. Benchmarks, fault tests and the cross-cutting
 * suites in test/*.test.ts stand above everything.
 */
const serverDir = path.resolve('apps/server');
const srcDir = path.join(serverDir, 'src');
const testDir = path.join(serverDir, 'test');

const FLOORS = ['base', 'plugins', 'pdf', 'shared', 'features', 'entry'];

/** The floor of a file under src/ (and its feature, for features); null outside src/. */
function floorOf(file) {
  if (!file.startsWith(srcDir + path.sep)) return null;
  const [top, next] = path.relative(srcDir, file).split(path.sep);
  if (top === 'features') return { floor: 'features', feature: next };
  if (top === 'shared' || top === 'pdf' || top === 'plugins') return { floor: top };
  if (top === 'db' || /^(config|paths)(\.ts)?$/.test(top)) return { floor: 'base' };
  return { floor: 'entry' };
}

const isTestSupport = (file) => file.startsWith(testDir + path.sep) && !file.endsWith('.test.ts');

export const serverBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename;
    const own = floorOf(file);
    const testSupport = isTestSupport(file);
    const isTest = file.endsWith('.test.ts');
    if (!own && !testSupport) return {};

    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = floorOf(path.resolve(path.dirname(file), source));
      if (!target) return;
      if (testSupport) {
        if (target.floor === 'features') {
          context.report({
            node,
            message: `Test support is shared by every feature's tests: it must not import feature "${target.feature}".`,
          });
        }
        return;
      }
      if (own.floor === 'features' && target.floor === 'features' && target.feature !== own.feature) {
        context.report({
          node,
          message: `Feature "${own.feature}" must not import feature "${target.feature}"; move what they share down to src/shared/.`,
        });
      } else if (FLOORS.indexOf(target.floor) > FLOORS.indexOf(own.floor) && !(isTest && target.floor === 'entry')) {
        context.report({
          node,
          message: `src/${own.floor === 'base' ? 'db, config or paths' : own.floor} is below src/${target.floor === 'entry' ? 'app.ts / main.ts' : target.floor}: it must not import it.`,
        });
      }
    };

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
