import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { planRename, type AnalysisOptions, type Finding } from '../../server/src/core';
import { librariesInManifest } from '../../server/src/core/code/manifests';
import { writePhpString } from '../../server/src/core/code/strings';
import type { CodeParser } from '../../server/src/core/code/syntax';
import { applyEdits, applyProvenFix, fixedAnalysis } from './helpers';
import { loadCodeParsers } from './codeParsers';

/** The MCP PHP SDK's declarations (modelcontextprotocol/php-sdk), read as the SDK names them. */
let parser: CodeParser;
before(async () => {
  parser = (await loadCodeParsers()).parser;
});

const opts = (): AnalysisOptions => ({ language: 'php', code: parser });
const names = (text: string) => fixedAnalysis(text, opts()).tools.map((t) => t.name);
const at = (text: string, range: { start: number; end: number }) => text.slice(range.start, range.end);
const collisions = (text: string) => fixedAnalysis(text, opts()).findings.filter((f) => f.code === 'wire-collision');

function applyFix(text: string, finding: Finding): string {
  return applyProvenFix(text, opts(), finding);
}

function rename(text: string, offset: number, name: string): string {
  const plan = planRename(text, opts(), offset, name);
  assert.equal(plan.kind, 'edits', plan.kind === 'refused' ? plan.reason : '');
  return applyEdits(text, plan.kind === 'edits' ? plan.edits : []);
}

const USE = '<?php\n\nuse Mcp\\Capability\\Attribute\\McpTool;\nuse Mcp\\Server;\n\n';

const FORMS: readonly { readonly label: string; readonly text: string; readonly names: readonly string[] }[] = [
  {
    label: "#[McpTool]: name: or the first argument, else the method's name; an invokable class is named after itself",
    text: `${USE}class Calculator\n{\n    #[McpTool]\n    public function add(int $a, int $b): int { return $a + $b; }\n\n    #[McpTool(name: 'calc.sub', description: 'Subtract')]\n    public function sub(): int { return 0; }\n\n    #[McpTool('calc_mul')]\n    public function mul(): int { return 0; }\n\n    #[\\Mcp\\Capability\\Attribute\\McpTool(name: "qualified")]\n    public function q(): int { return 0; }\n}\n\n#[McpTool]\nfinal class GetWeather\n{\n    public function __invoke(string $city): string { return ''; }\n}\n`,
    names: ['add', 'calc.sub', 'calc_mul', 'qualified', 'GetWeather'],
  },
  {
    label:
      'the SDK skips static, private and protected methods, abstract classes, and a class attribute without __invoke',
    text: `${USE}class A\n{\n    #[McpTool]\n    public static function s(): int { return 0; }\n    #[McpTool]\n    private function p(): int { return 0; }\n    #[McpTool]\n    protected function r(): int { return 0; }\n    #[McpTool]\n    public function __construct() {}\n}\nabstract class B\n{\n    #[McpTool]\n    public function b(): int { return 0; }\n}\n#[McpTool]\nclass C\n{\n    public function c(): int { return 0; }\n}\n#[McpTool(name: 'invokable')]\nclass D\n{\n    public function __invoke(): int { return 0; }\n    #[McpTool(name: 'short_circuited')]\n    public function d(): int { return 0; }\n}\n`,
    names: ['invokable'],
  },
  {
    label: "an aliased import of the attribute, and its qualified name outside any namespace, are the SDK's",
    text: `<?php\nuse Mcp\\Capability\\Attribute\\McpTool as Tool;\n\nclass T\n{\n    #[Tool(name: 'aliased')]\n    public function a(): int { return 0; }\n\n    #[Mcp\\Capability\\Attribute\\McpTool]\n    public function relative(): int { return 0; }\n}\n`,
    names: ['aliased', 'relative'],
  },
  {
    label: "an McpTool attribute of a library not modelled is no tool (php-mcp/server's is its own: below)",
    text: `<?php\nuse Acme\\Mcp\\Attributes\\McpTool;\nuse Mcp\\Server;\n\nclass T\n{\n    #[McpTool(name: 'other')]\n    public function t(): int { return 0; }\n}\n`,
    names: [],
  },
  {
    label:
      "php-mcp/server: #[McpTool] named or after its method (an invokable class after itself), ->withTool(handler, 'x') on Server::make() or a new ServerBuilder()",
    text: `<?php\nuse PhpMcp\\Server\\Attributes\\McpTool;\nuse PhpMcp\\Server\\Server;\nuse PhpMcp\\Server\\ServerBuilder;\n\nclass Handlers\n{\n    #[McpTool(name: 'greet_user')]\n    public function greet(string $name): string { return $name; }\n\n    #[McpTool]\n    public function repeatAction(int $count): array { return []; }\n\n    #[McpTool(name: 'static_tool_should_be_ignored')]\n    public static function aStaticTool(): void {}\n}\n\n#[McpTool]\nclass InvokableCalculator\n{\n    public function __invoke(int $a): int { return $a; }\n}\n\n$server = Server::make()\n    ->withServerInfo('Manual Reg Server', '1.0.0')\n    ->withTool([Handlers::class, 'echoText'], 'echo_text')\n    ->build();\n$builder = new ServerBuilder();\n$builder->withTool($handler, 'my-tool', 'Tool desc');\n`,
    names: ['greet_user', 'repeatAction', 'InvokableCalculator', 'echo_text', 'my-tool'],
  },
  {
    label: "->addTool(handler, name): the name, else the handler's method, else an invokable's class; new Tool(name:)",
    text: `${USE}use Mcp\\Schema\\Tool;\n\n$server = Server::builder()\n    ->setServerInfo('Calculator', '1.0.0')\n    ->addTool([Calculator::class, 'add'], 'add_numbers')\n    ->addTool(handler: [Calculator::class, 'multiply'], name: "multiply.numbers")\n    ->addTool(handler: [$calculator, 'divide'])\n    ->addTool(\\App\\InvokableCalculator::class)\n    ->add(new Tool(name: 'get_weather', title: null, inputSchema: ['type' => 'object'], description: null, annotations: null), new WeatherHandler())\n    ->build();\n`,
    names: ['add_numbers', 'multiply.numbers', 'divide', 'InvokableCalculator', 'get_weather'],
  },
  {
    label:
      "constants of the file (const NAME, self::NAME, Tools::NAME) name tools; the edit goes to the constant's literal",
    text: `${USE}const ECHO_TOOL = 'echo';\n\nfinal class Tools\n{\n    public const SEARCH = "search";\n\n    #[McpTool(name: self::SEARCH)]\n    public function search(): array { return []; }\n}\n\nServer::builder()\n    ->addTool(fn (string $m) => $m, ECHO_TOOL)\n    ->addTool([Tools::class, 'other'], Tools::SEARCH)\n    ->build();\n`,
    names: ['search', 'echo', 'search'],
  },
  {
    label:
      "addTool counts on a server's builder (its chain, its variable, a Builder parameter), not on another API's addTool",
    text: `${USE}use Mcp\\Server\\Builder;\n\nfunction register(Builder $builder): void\n{\n    $builder->addTool([Tools::class, 'a'], 'typed_param');\n}\n\n$server = Server::builder();\n$server->addTool([Tools::class, 'b'], 'bound_builder');\n\n$event = new RegisterToolsEvent();\n$event->addTool(PluginTools::class, 'plugin-source');\n`,
    names: ['typed_param', 'bound_builder'],
  },
  {
    label: 'a namespace of its own named Mcp is not the SDK',
    text: `<?php\nnamespace App\\Mcp\\Tools;\n\nuse App\\Mcp\\Attribute\\McpTool;\n\nclass T\n{\n    #[McpTool(name: 'x y')]\n    public function t(): int { return 0; }\n}\n`,
    names: [],
  },
];

describe('PHP: the MCP PHP SDK', () => {
  for (const form of FORMS)
    test(form.label, () => {
      assert.deepEqual(names(form.text), form.names);
    });

  test('computed names are counted, never guessed: a variable, an interpolation, a closure without a name', () => {
    const text = `${USE}$builder = Server::builder()\n    ->addTool(fn () => 1, $name)\n    ->addTool(fn () => 1, name: "tool_$kind")\n    ->addTool(function () { return 1; });\n\nclass T\n{\n    #[McpTool(name: self::MISSING)]\n    public function t(): int { return 0; }\n}\n`;
    const analysis = fixedAnalysis(text, opts());
    assert.deepEqual(
      analysis.tools.map((t) => t.name),
      [],
    );
    assert.deepEqual(
      (analysis.code?.computedNames ?? []).map((r) => at(text, r)),
      ['$name', '"tool_$kind"', 'function () { return 1; }', 'self::MISSING'],
    );
  });

  test('a method-name tool is fixed in its attribute, never by renaming the method; the literal keeps its quotes', () => {
    const text = `${USE}class Clock\n{\n    #[McpTool(name: 'get_time')]\n    public function now(): string { return ''; }\n\n    #[McpTool(description: 'The time')]\n    public function get_time(): string { return ''; }\n\n    #[McpTool]\n    public function get_date(): string { return ''; }\n}\n`;
    const [finding] = collisions(text);
    assert.ok(finding);
    assert.equal(at(text, finding.range), 'get_time');
    const fixed = applyFix(text, finding);
    assert.match(
      fixed,
      /#\[McpTool\(name: 'get_time_2', description: 'The time'\)\]\n {4}public function get_time\(\)/,
    );
    assert.equal(collisions(fixed).length, 0);
    const bare = rename(text, text.indexOf('get_date') + 1, 'today');
    assert.match(bare, /#\[McpTool\(name: 'today'\)\]\n {4}public function get_date\(\)/);
    const literal = rename(text, text.indexOf("'get_time'") + 2, 'clock.now');
    assert.match(literal, /#\[McpTool\(name: 'clock\.now'\)\]/);
  });

  test('an invokable class named after itself is renamed in its attribute, never by renaming the class', () => {
    const text = `${USE}#[McpTool(description: 'Weather')]\nfinal class GetWeather\n{\n    public function __invoke(): string { return ''; }\n}\n`;
    const renamed = rename(text, text.indexOf('GetWeather') + 1, 'get_weather');
    assert.match(renamed, /#\[McpTool\(name: 'get_weather', description: 'Weather'\)\]\nfinal class GetWeather\n/);
    assert.deepEqual(names(renamed), ['get_weather']);
  });

  test("a handler-named addTool is fixed with name: at the end of its call, never by renaming the handler's method", () => {
    const text = `${USE}Server::builder()\n    ->setServerInfo('s', '1')\n    ->addTool([Calculator::class, 'add'], 'sum')\n    ->addTool([Calculator::class, 'sum'])\n    ->build();\n`;
    const [finding] = collisions(text);
    assert.ok(finding);
    assert.equal(at(text, finding.range), "'sum'");
    assert.match(applyFix(text, finding), /->addTool\(\[Calculator::class, 'sum'\], name: 'sum_2'\)/);
  });

  test('the builder chain is one server, named by setServerInfo; two chains in two methods are two', () => {
    const text = `${USE}final class Factory\n{\n    public function a(): Server\n    {\n        return Server::builder()->setServerInfo('a', '1')->addTool([X::class, 'x'], 'same')->build();\n    }\n    public function b(): Server\n    {\n        return Server::builder()->setServerInfo('b', '1')->addTool([Y::class, 'y'], 'same')->build();\n    }\n}\n`;
    const analysis = fixedAnalysis(text, opts());
    assert.deepEqual(
      analysis.requests.map((r) => r.serverName),
      ['a', 'b'],
    );
    assert.equal(collisions(text).length, 0);
  });

  test('new Builder() bound to a variable is a server (Server::builder() is new Builder()), named by its setServerInfo', () => {
    const text = `<?php\nuse Mcp\\Server\\Builder;\n\n$builder = new Builder();\n$builder->setServerInfo('inventory-server', '1.0.0');\n$builder->addTool(function () { return 1; }, 'get_products', 'All products');\n$builder->addTool(function (string $id) { return 1; }, 'get.products', 'One');\n$other = new \\Mcp\\Server\\Builder();\n$other->addTool(fn () => 1, 'get_products');\n`;
    assert.deepEqual(names(text), ['get_products', 'get.products', 'get_products']);
    assert.equal(collisions(text).length, 1);
  });

  test('$this->server set in the constructor is the server of every method of its class', () => {
    const text = `${USE}final class App\n{\n    private $server;\n    public function __construct() { $this->server = Server::builder()->setServerInfo('s', '1'); }\n    public function one(): void { $this->server->addTool([X::class, 'x'], 'a.b'); }\n    public function two(): void { $this->server->addTool([X::class, 'x'], 'a_b'); }\n}\n`;
    assert.equal(fixedAnalysis(text, opts()).tools.length, 2);
    assert.equal(collisions(text).length, 1);
  });
});

describe('PHP: literals and manifests', () => {
  test("string values: single quotes keep all but \\\\ and \\', double quotes decode PHP's escapes", () => {
    const text = `${USE}Server::builder()\n    ->addTool(fn () => 1, 'a\\'b\\n')\n    ->addTool(fn () => 1, "c\\td\\u{1F600}\\x41\\$\\q")\n    ->addTool(fn () => 1, <<<EOT\nheredoc\nEOT);\n`;
    assert.deepEqual(names(text), ["a'b\\n", 'c\td\u{1F600}A$\\q']);
    assert.equal(fixedAnalysis(text, opts()).code?.computedNames.length, 1);
  });

  test('the writer keeps the quote style and escapes $ in double quotes', () => {
    assert.equal(writePhpString("'a'", "b'c\\"), "'b\\'c\\\\'");
    assert.equal(writePhpString("'a'", 'b\nc'), '"b\\nc"');
    assert.equal(writePhpString('"a"', 'x$y"\u0001'), '"x\\$y\\"\\u{1}"');
  });

  const rows: readonly (readonly [string, string, readonly string[]])[] = [
    ['composer.json', '{ "require": { "php": ">=8.1", "mcp/sdk": "^0.2" } }', ['mcp-php-sdk']],
    ['composer.json', '{ "name": "mcp/sdk", "require": {} }', ['mcp-php-sdk']],
    ['composer.json', '{ "require-dev": { "mcp/sdk": "dev-main" } }', ['mcp-php-sdk']],
    ['composer.json', '{ "require": { "php-mcp/server": "^3" }, "description": "mcp/sdk" }', ['php-mcp-server']],
    ['composer.json', '{ not json', []],
  ];
  for (const [file, text, ids] of rows)
    test(`${file}: ${text.slice(0, 60)} → ${ids.join(', ') || 'none'}`, () => {
      assert.deepEqual(librariesInManifest(file, text), ids);
    });

  test('ordinary PHP code is not parsed and yields nothing', () => {
    const text = `<?php\nnamespace App;\n\nclass Tool { public function __construct(public string $name) {} }\n$t = new Tool(name: 'x y');\n$builder->addTool([X::class, 'a b'], 'c d');\n`;
    const analysis = fixedAnalysis(text, opts());
    assert.deepEqual(analysis.tools, []);
    assert.deepEqual(analysis.findings, []);
    assert.equal(analysis.code?.parsed ?? false, false);
  });
});
