// Reads one problem folder of ojpack's Hydro export with Hydro's own code and prints what it read as JSON.
//   node hydro_read.cjs TOOLS PROBLEM_DIR
// TOOLS (scripts/setup.sh test: .tools/hydro) holds @hydrooj/utils 1.4.13 with its dependencies (its
// lib/cases.ts and lib/common.ts are the judge's testdata config reader, readYamlCases + normalizeSubtasks)
// and hydrooj 4.19.1's src/ (lib/testdataConfig.ts: parseConfig; model/problem.ts: the importer).
// Both are TypeScript; esbuild (a dependency of @hydrooj/utils) compiles them in memory.
// ProblemModel.import itself needs MongoDB, so of it we run findOverrideContent (the statements per
// language), taken from its source text, and repeat its one-line rules for the title and the std language.
'use strict';
const fs = require('fs');
const path = require('path');
const Module = require('module');

const [tools, problemDir] = process.argv.slice(2);
const esbuild = require(path.join(tools, 'node_modules', 'esbuild'));
const src = path.join(tools, 'hydrooj', 'src');

function loadCommonJs(code, filename) {
    const m = new Module(filename);
    m.filename = filename;
    m.paths = Module._nodeModulePaths(tools);
    m._compile(code, filename);
    return m.exports;
}

function importerFunction(name) {
    const model = fs.readFileSync(path.join(src, 'model', 'problem.ts'), 'utf8');
    const found = model.match(new RegExp(`\\nfunction ${name}\\([\\s\\S]*?\\n}\\n`));
    if (!found) throw new Error(`hydrooj's model/problem.ts has no function ${name}`);
    const js = esbuild.transformSync(found[0], { loader: 'ts' }).code;
    return new Function('fs', 'path', `${js}\nreturn ${name};`)(fs, path);
}

function hydroCode() {
    const entry = `
        export { parseConfig } from ${JSON.stringify(path.join(src, 'lib', 'testdataConfig.ts'))};
        export { default as readYamlCases } from '@hydrooj/utils/lib/cases';
        export { normalizeSubtasks } from '@hydrooj/utils/lib/common';
        export { yaml } from '@hydrooj/utils/lib/utils';`;
    const pkg = JSON.parse(fs.readFileSync(path.join(tools, 'node_modules', '@hydrooj', 'utils', 'package.json'), 'utf8'));
    const built = esbuild.buildSync({
        stdin: { contents: entry, resolveDir: src, loader: 'ts' },
        bundle: true, platform: 'node', format: 'cjs', write: false, logLevel: 'silent',
        external: Object.keys(pkg.dependencies),   // plain JavaScript packages load as they are
        banner: { js: 'globalThis.Hydro = globalThis.Hydro || { lib: {} };' },
    });
    return loadCommonJs(built.outputFiles[0].text, path.join(tools, 'hydro-bundle.js'));
}

async function main() {
    const hydro = hydroCode();
    const findOverrideContent = importerFunction('findOverrideContent');
    const pdoc = hydro.yaml.load(fs.readFileSync(path.join(problemDir, 'problem.yaml'), 'utf8'));
    const content = findOverrideContent(problemDir, 'problem');
    const testdata = path.join(problemDir, 'testdata');
    const configText = fs.readFileSync(path.join(testdata, 'config.yaml'), 'utf8');
    const checkFile = (name, message) => {
        if (!fs.existsSync(path.join(testdata, name))) throw new Error(message.replace('{0}', name));
        return name;
    };
    const cases = await hydro.readYamlCases(hydro.yaml.load(configText), checkFile);
    const subtasks = hydro.normalizeSubtasks(cases.subtasks, checkFile, cases.time, cases.memory);
    const stdDir = path.join(problemDir, 'std');
    const std = fs.existsSync(stdDir) ? fs.readdirSync(stdDir).map((f) => ({ file: f, lang: f.split('.')[1] })) : [];
    console.log(JSON.stringify({
        title: pdoc.title || pdoc.name,   // ProblemModel.import: `pdoc.title || pdoc.name`
        tag: pdoc.tag || [],
        statements: content && content.startsWith('{') ? JSON.parse(content) : { '': content },
        summary: await hydro.parseConfig(configText),
        checker_type: cases.checker_type,
        checker: cases.checker || null,
        time: cases.time,
        memory: cases.memory,
        subtasks,
        std,
    }));
}

main().catch((e) => { console.error(e.stack || String(e)); process.exit(1); });
