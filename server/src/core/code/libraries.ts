/**
 * The libraries whose tool declarations toolwire reads in source code, as data:
 * adding a library is one entry here plus a test in test/core/code.test.ts. Callee names are
 * matched on the source text of the callee (`mcp.NewTool`) or, for `method`, on the last member
 * name whatever the receiver (`server.registerTool`, `this.server.registerTool`).
 */

import type { ToolClass } from './classTools';
import type { NameDerivation } from './derivedNames';
import type { SchemaForm } from './sourceSchemas';
import type { CodeFamily } from './syntax';

/**
 * Where a name is written in a call: a positional argument, a key of an object (or Go struct)
 * argument, a keyword (Python's `name=`, C#'s `name:`, a C# initializer's `Name = `), or a key of
 * an object given by keyword (C#'s `options: new() { Name = "x" }`). `within`: that argument is
 * itself a call of `callee` holding the name (Kotlin's `Server(Implementation(name = "x", ...))`).
 */
export type NameArgument =
  | { readonly arg: number; readonly key?: undefined; readonly within?: NestedName }
  | { readonly arg: number; readonly key: string; readonly within?: undefined }
  | { readonly keyword: string; readonly key?: string; readonly within?: NestedName };

/** A name one call further in: the argument is a call of `callee`, and the name is at `name` in it. */
export interface NestedName {
  readonly callee: string;
  readonly name: readonly NameArgument[];
}

/** A call that creates a server object; its name (when a literal) names the server. */
export interface ServerConstructor {
  readonly callee: string;
  readonly name: readonly NameArgument[];
  /**
   * The constructor names a server only when bound to one of these names: the MCP C# SDK's
   * `Implementation` is a server's `ServerInfo` as often as a client's `ClientInfo`.
   */
  readonly boundTo?: readonly string[];
  /**
   * Where the call lists tools declared elsewhere by name (`MCP::Server.new(tools: [ExampleTool])`):
   * a decorated declaration of that name in the file (a tool class) is that server's.
   */
  readonly tools?: readonly NameArgument[];
  /**
   * `callee` is written bare, as the library's own package calls it (a Go test of mcp-go's package
   * `server` writes `NewMCPServer(...)`): it counts only, called bare, in a file of that package
   * (its package clause names `clause`) that does not import the library's package by `path`,
   * which a project's own package of that name does to reach it.
   */
  readonly ownPackage?: OwnPackage;
}

/** A library's own Go package: its package clause's name and its import path. */
export interface OwnPackage {
  readonly clause: string;
  readonly path: string;
}

/** The go-sdk's package `mcp`, whose own tests write `NewServer(...)` and `&Tool{Name: "x"}` bare. */
const GO_SDK_MCP: OwnPackage = { clause: 'mcp', path: 'github.com/modelcontextprotocol/go-sdk/mcp' };

/** Where a call writes its tool's input schema, and in which form; no `at`: the call's own arguments. */
export interface SchemaArgument {
  readonly at?: NameArgument;
  readonly form: SchemaForm;
}

/** A call that declares one tool. `method`: the callee's last member name, on a server object. */
export interface ToolCall {
  readonly callee?: string;
  readonly method?: string;
  readonly name: readonly NameArgument[];
  /** Where the input schema may be written, in order: the first that holds one is read (property keys are checked). */
  readonly schema?: readonly SchemaArgument[];
  /**
   * Where the call takes a function when it names no tool (`mcp.add_tool(fn)`): the library then
   * names the tool after that function, which we read only when it is a plain identifier bound
   * by a `def` in the same file (anything else could be a Tool object or a computed callable).
   */
  readonly function?: readonly NameArgument[];
  /**
   * A builder's setter (`Tool.builder().name("x")`): `method` counts only when called on the
   * result of one of these callees, whatever receiver holds the builder.
   */
  readonly on?: readonly string[];
  /**
   * A bare `callee` that counts only when the file binds it (defines or imports it): a project's
   * own wrapper named after the SDK's method (`registerTool({ name: "x", ... })` forwarding to
   * `context.registerTool`), in a package that uses the SDK.
   */
  readonly bound?: true;
  /** With `bound`: the file must import the callee from a module of one of these last names (a project's wrapper). */
  readonly fromModules?: readonly string[];
  /**
   * `method` is called on this member path of the server object, not on the server itself
   * (`server.experimental.tasks.registerToolTask("x", ...)`): the server is what precedes it.
   */
  readonly through?: string;
  /**
   * A call that gives no name still declares a tool, named where its function is (the C# SDK's
   * `McpServerTool.Create(fn)` takes the method's own attribute or name): counted as computed, at
   * its first argument, unless that argument is a declaration read itself (a decorated lambda).
   */
  readonly unnamedIsComputed?: true;
  /**
   * What the call must have to name a tool: `positional` positional arguments or one of `keywords`.
   * Kotlin's `addTool(name, description) { }` names its tool; its other overload, `addTool(tool) { }`,
   * adds a `Tool` made elsewhere, which is read where it is made.
   */
  readonly requires?: { readonly positional: number; readonly keywords: readonly string[] };
  /**
   * `method` counts only on a server object (bound, typed as one, or its builder's chain), never on
   * any receiver: other APIs of a project share the method's name (a plugin event's `addTool`).
   */
  readonly serverOnly?: true;
  /**
   * `method`'s receiver is what the tool is made from, not a server (`agent.asTool(...)` wraps an
   * agent): the tool is grouped as a value is, with the list that holds it (an agent's `tools`).
   */
  readonly ofValue?: true;
  /**
   * A project's own wrapper (`code/wrappers.ts`) that hands this argument to the SDK call as its
   * server: a call site's tool is on the server object written there.
   */
  readonly serverArgument?: number;
  /** A project's own wrapper (`code/wrappers.ts`): on no server known at the call site, its tool travels alone. */
  readonly wrapper?: true;
  /** `callee` written bare, as the library's own package writes it (`ServerConstructor.ownPackage`). */
  readonly ownPackage?: OwnPackage;
  /**
   * The tool's server is chosen later, at run time (Quarkus's application-wide
   * `toolManager.newTool("x").setServerName("bravo")`): it travels alone, never censused with the
   * other tools of its function.
   */
  readonly serverChosenLater?: true;
  /**
   * The call is a decorator applied in place to the function it is given (FastMCP 2's
   * `self.tool(fn, name="x")`): it counts only as such, not as a decorator (`@mcp.tool(name="x")`)
   * or a curried call (`mcp.tool(name="x")(fn)`), which the decorator patterns read.
   */
  readonly applied?: true;
}

/**
 * A Python decorator that makes the function under it a tool: `callee` matches the decorator
 * (`function_tool`, `tool`), `method` its last attribute on any object (`@mcp.tool`). The name is
 * an argument, else the function's own name; a fix then adds `insert` to the decorator.
 */
export interface ToolDecorator {
  readonly callee?: string;
  readonly method?: string;
  readonly name: readonly NameArgument[];
  /**
   * How a fix writes the name into the decorator: `name=` style keyword, the first positional
   * argument, or a statement of its own at the top of the declaration's body (Ruby's `tool_name "x"`).
   */
  readonly insert: { readonly keyword: string } | { readonly positional: true } | { readonly statement: string };
  /**
   * A bare decorator name (`@tool`) that counts only when the file imports it from one of these
   * modules (or a submodule): several libraries export a `tool`, and the text alone cannot say whose.
   */
  readonly importedFrom?: readonly string[];
  /**
   * An empty name is no name (Spring AI: `StringUtils.hasText(tool.name())`): the function's own
   * name is used, and a fix rewrites the empty literal.
   */
  readonly emptyIsDefault?: true;
  /**
   * How the library makes a name from the declaration's own when none is given (the MCP C# SDK's
   * method `GetWeatherAsync` is `get_weather`, the Ruby SDK's class `GetTime` is `get_time`);
   * without it the function's name is the tool's as written.
   */
  readonly derive?: NameDerivation;
}

/** `tools: { someName: tool({...}) }` (Vercel AI SDK): the key names the tool. */
export interface KeyedTool {
  readonly callee: string;
  /**
   * The helper may come from any module, so it counts only when the file binds it: imports it
   * (`import { tool } from './tools'`) or defines it. Without this, the trigger import says whose it is.
   */
  readonly bound?: true;
  /** With `bound`: the file must import the callee from a module of one of these last names (a project's wrapper). */
  readonly fromModules?: readonly string[];
}

/**
 * A call whose object argument holds its tools as a record keyed by name: Mastra's
 * `new Agent({ tools: { weatherTool } })`, the AI SDK's `streamText({ tools: { getWeather } })`.
 * The library sends each key as the tool's name, whatever the value is (a tool made in another
 * file, a factory's call), so each key is a declaration and the call's tools one request.
 */
export interface ToolRecord {
  readonly callee: string;
  readonly tools: NameArgument;
  /** Where the call names the server it makes (Mastra's `new MCPServer({ name })`). */
  readonly server?: readonly NameArgument[];
}

/**
 * A method (or a call: `callee`) that takes the tools a model is offered as a list (LangChain's
 * `model.bindTools([...])`, Gemini's `types.Tool(function_declarations=[...])`): each object element
 * with a `key` names one (`{ name: "route", schema }`), and the list is one request.
 */
export interface ToolList {
  readonly method?: string;
  readonly callee?: string;
  /** Where the list is written, in order: the first the call has. */
  readonly list: readonly NameArgument[];
  /** The key an object element names its tool by; undefined: the library takes no objects. */
  readonly key?: string;
  /**
   * A plain function in the list is a tool named after it (LangChain's `convert_to_openai_tool`
   * and `tool(fn)` take `fn.__name__`): one defined in the file is read at its `def`; a name the
   * file does not define (an import, a parameter) or any other value the file does not read as a
   * tool is counted as computed. Without it, names in the list only join their tools to it.
   */
  readonly functions?: true;
}

/**
 * What the declared tools become: an MCP server's tools/list, an OpenAI Responses request, a Gemini
 * request's `functionDeclarations`, or generic function definitions.
 */
export type DeclaredShape = 'mcp' | 'openai-responses' | 'gemini' | 'generic';

export interface Library {
  readonly id: string;
  readonly family: CodeFamily;
  /** Strings whose presence in a file's text means it may use the library (the trigger). */
  readonly imports: readonly string[];
  /**
   * The package names a project's manifest lists it by (npm, PyPI, a Go module path): a file
   * whose package depends on one is read even when it imports nothing (a helper given the server).
   */
  readonly packages?: readonly string[];
  readonly shape: DeclaredShape;
  readonly servers?: readonly ServerConstructor[];
  /** Types that make a parameter or property a server object (`server: McpServer`, `Builder $builder`). */
  readonly serverTypes?: readonly string[];
  readonly calls?: readonly ToolCall[];
  readonly decorators?: readonly ToolDecorator[];
  readonly keyed?: readonly KeyedTool[];
  readonly records?: readonly ToolRecord[];
  readonly lists?: readonly ToolList[];
  /** Tools written as classes extending one of the library's (`class X extends StructuredTool { name = "x" }`). */
  readonly classes?: readonly ToolClass[];
  /**
   * Module-level names whose list is the module's tools, made to be imported and handed to a model
   * (langchain-ai/react-agent: `TOOLS = [search]` in tools.py, `bind_tools(TOOLS)` in graph.py):
   * read as a `functions` list of their own.
   */
  readonly listNames?: readonly string[];
  /**
   * The keyword that gives a tool a version (FastMCP 3: `@mcp.tool(version="2.0")`): a server
   * lists one version of a name, so versions of one name are no collision.
   */
  readonly versionKeyword?: string;
  /**
   * The keyword that defers a tool (the OpenAI Agents SDK's `@function_tool(defer_loading=True)`):
   * a deferred tool is looked up apart from the visible ones (`_tool_identity.py`,
   * `validate_function_tool_lookup_configuration`: a deferred name clashes only with another
   * deferred one), so with `True` it is censused with the deferred tools of its list alone.
   */
  readonly deferKeyword?: string;
  /**
   * A tool written as a plain object (`{ name: "x", inputSchema: {...} }`): one with a `name` and
   * this key, the other field the library's tool type requires. Read by `toolObjects.ts`.
   */
  readonly objectKey?: string;
  /**
   * Methods that add tools to one session's layer over the server's (mcp-go's
   * `AddSessionTool(sessionID, tool, h)`): a session tool replaces the server's tool of its name
   * in that session's tools/list, so it is censused with its session's (the first argument) alone.
   */
  readonly sessionMethods?: readonly string[];
  /**
   * Methods that take a tool off a server by name (the Kotlin SDK's `server.removeTool("x")`,
   * mcp-go's `s.DeleteTools("x")`): a tool of that name added to that server before the call is
   * not listed beside one added after it (a test that removes a tool and adds it again).
   */
  readonly removers?: readonly ToolRemover[];
  /** Struct literals that declare a tool: `&mcp.Tool{Name: "x"}` (Go), `Tool { name: "x".into() }` (Rust). */
  readonly structs?: readonly {
    readonly type: string;
    readonly field: string;
    readonly wrapper?: true;
    /** `type` written bare, as the library's own package writes it (`ServerConstructor.ownPackage`). */
    readonly ownPackage?: OwnPackage;
  }[];
}

/** A method of a server that removes the tool named at `name` (`ToolCall` names the same way). */
export interface ToolRemover {
  readonly method: string;
  readonly name: readonly NameArgument[];
}

/** FastMCP (TypeScript) takes a zod (or other Standard Schema) object as `parameters`. */
const FASTMCP_PARAMETERS: readonly SchemaArgument[] = [{ at: { arg: 0, key: 'parameters' }, form: 'zod-shape' }];

/**
 * The MCP SDK's `types.Tool` writes `inputSchema=` (`input_schema=` from its 2.0 line); FastMCP's
 * own `Tool` writes `parameters=`.
 */
const PYTHON_TOOL_SCHEMA: readonly SchemaArgument[] = [
  { at: { keyword: 'inputSchema' }, form: 'json-schema' },
  { at: { keyword: 'input_schema' }, form: 'json-schema' },
  { at: { keyword: 'parameters' }, form: 'json-schema' },
];

/**
 * Provider SDKs: their files are parsed for provider-shaped literals in `tools: [...]` /
 * `tools=[...]` only (what the recognisers read in JSON), with no declarations of their own.
 */
export const LIBRARIES: readonly Library[] = [
  {
    id: 'mcp-typescript-sdk',
    family: 'js',
    // Version 2 split the SDK into packages: `@modelcontextprotocol/server` holds `McpServer`
    // (and `server-legacy` the old `Server`); the prefix triggers both.
    imports: ['@modelcontextprotocol/sdk', '@modelcontextprotocol/server'],
    packages: ['@modelcontextprotocol/sdk', '@modelcontextprotocol/server', '@modelcontextprotocol/server-legacy'],
    shape: 'mcp',
    servers: [
      { callee: 'McpServer', name: [{ arg: 0, key: 'name' }] },
      { callee: 'Server', name: [{ arg: 0, key: 'name' }] },
    ],
    serverTypes: ['McpServer', 'Server'],
    objectKey: 'inputSchema',
    calls: [
      {
        method: 'registerTool',
        name: [{ arg: 0 }],
        schema: [{ at: { arg: 1, key: 'inputSchema' }, form: 'zod-shape' }],
      },
      // `tool(name, [description], [shape], [annotations], callback)`: the shape is the first zod shape.
      {
        method: 'tool',
        name: [{ arg: 0 }],
        schema: [
          { at: { arg: 1 }, form: 'zod-shape' },
          { at: { arg: 2 }, form: 'zod-shape' },
        ],
      },
      // SDK 1.x tools run as tasks (src/experimental/tasks/mcp-server.ts): one more way to declare one.
      { method: 'registerToolTask', name: [{ arg: 0 }], through: 'experimental.tasks' },
      {
        callee: 'registerTool',
        name: [{ arg: 0, key: 'name' }, { arg: 0 }],
        bound: true,
        schema: [
          { at: { arg: 0, key: 'inputSchema' }, form: 'zod-shape' },
          { at: { arg: 1, key: 'inputSchema' }, form: 'zod-shape' },
        ],
      },
    ],
  },
  {
    id: 'openai-agents-js',
    family: 'js',
    imports: ['@openai/agents'],
    packages: ['@openai/agents'],
    // openai/openai-agents-js @6d0c61a5 (packages/agents-core/src/tool.ts `tool`): the name is sent
    // as `toFunctionToolName(name)`, every character outside [a-zA-Z0-9] made `_`, so a space or a
    // dot is no provider error. The runtime's own mapping (`generic`, model-safe) is the nearest
    // modelled: it keeps `-` (the SDK maps it too) and cuts at 64 (the SDK sends the whole name).
    shape: 'generic',
    calls: [
      {
        callee: 'tool',
        name: [{ arg: 0, key: 'name' }],
        schema: [{ at: { arg: 0, key: 'parameters' }, form: 'zod-shape' }],
      },
      // openai/openai-agents-js @6d0c61a5 (packages/agents-core/src/agent.ts `asTool`): an agent
      // offered as a function tool, named `toolName` (else after the agent, which is not read).
      { method: 'asTool', name: [{ arg: 0, key: 'toolName' }], ofValue: true },
    ],
  },
  {
    // punkpeye/fastmcp: `new FastMCP({ name })`, `server.addTool({ name, execute })`.
    id: 'fastmcp-typescript',
    family: 'js',
    imports: ["'fastmcp'", '"fastmcp"'],
    packages: ['fastmcp'],
    shape: 'mcp',
    servers: [{ callee: 'FastMCP', name: [{ arg: 0, key: 'name' }] }],
    serverTypes: ['FastMCP'],
    // FastMCP's Tool type requires `name` and `execute`: a tool object made apart and added in a loop.
    objectKey: 'execute',
    calls: [
      { method: 'addTool', name: [{ arg: 0, key: 'name' }], schema: FASTMCP_PARAMETERS },
      // A file's own `const addTool = (tool) => server.addTool(tool)`, called with the object.
      { callee: 'addTool', name: [{ arg: 0, key: 'name' }], bound: true, schema: FASTMCP_PARAMETERS },
    ],
  },
  {
    id: 'vercel-ai-sdk',
    family: 'js',
    // `streamUI` is in `@ai-sdk/rsc` (before AI SDK 5, `ai/rsc`), `HarnessAgent` in `@ai-sdk/harness`,
    // `WorkflowAgent` in `@ai-sdk/workflow`.
    imports: ["'ai'", '"ai"', '@ai-sdk/rsc', "'ai/rsc'", '"ai/rsc"', '@ai-sdk/harness', '@ai-sdk/workflow'],
    packages: ['ai', '@ai-sdk/rsc', '@ai-sdk/harness', '@ai-sdk/workflow'],
    shape: 'generic',
    keyed: [{ callee: 'tool' }],
    // vercel/ai @0323be38 (packages/ai/src/prompt/prepare-tools-and-tool-choice.ts): each key of
    // `tools` is the function's name on the wire, whatever the value (`{ getWeather }`, a factory's call);
    // so in `streamUI({ tools: { x: { generate } } })` (@ed857f50 packages/rsc/src/stream-ui/stream-ui.tsx:
    // `for (const [name, tool] of Object.entries(tools))`) and `new HarnessAgent({ tools })`, whose keys
    // are the names it registers with the coding agent it drives (packages/harness/src/agent/internal/
    // tool-filtering.ts; that agent may prefix them on its own wire: Claude Code's `mcp__harness-tools__x`),
    // and `new WorkflowAgent({ tools })` (packages/workflow/src/serializable-schema.ts `serializeToolSet`:
    // `Object.entries(tools).map(([name, t]) => ...)`).
    records: [
      'generateText',
      'streamText',
      'ToolLoopAgent',
      'Experimental_Agent',
      'streamUI',
      'HarnessAgent',
      'WorkflowAgent',
    ].map((callee) => ({
      callee,
      tools: { arg: 0, key: 'tools' },
    })),
  },
  {
    // @mastra/core 1.71.0 (`Agent.listAssignedTools`: `makeCoreTool(tool, { name: k })` for each
    // `[k, tool]` of the agent's `tools`): the key is the name sent, not `createTool({ id })`,
    // which names the tool for workflows and the registry only, so it is not read.
    id: 'mastra',
    family: 'js',
    imports: ['@mastra/core'],
    packages: ['@mastra/core'],
    shape: 'generic',
    records: [{ callee: 'Agent', tools: { arg: 0, key: 'tools' } }],
  },
  {
    // @mastra/mcp 2.0.0 (`MCPServer.convertTools`: `converted[name]` for each `[name, tool]` of `tools`).
    id: 'mastra-mcp',
    family: 'js',
    imports: ['@mastra/mcp'],
    packages: ['@mastra/mcp'],
    shape: 'mcp',
    records: [{ callee: 'MCPServer', tools: { arg: 0, key: 'tools' }, server: [{ arg: 0, key: 'name' }] }],
  },
  {
    // `{ list_projects: tool({...}) }` with a `tool` helper of the project's own (or any package's):
    // the trigger is the keyed call itself, and the finder requires the file to bind `tool`.
    id: 'keyed-tool-helpers',
    family: 'js',
    imports: [': tool(', ':tool('],
    shape: 'generic',
    keyed: [{ callee: 'tool', bound: true }],
  },
  {
    // langchain-ai/langchainjs (`@langchain/core/tools`, re-exported by `langchain` 1.x):
    // `tool(fn, { name, description, schema })`, `new DynamicStructuredTool({ name, ... })`,
    // `new DynamicTool({ name, ... })`; the name is sent as written.
    id: 'langchain-js',
    family: 'js',
    imports: ['@langchain/core', "'langchain'", '"langchain"', "'langchain/", '"langchain/'],
    packages: ['langchain', '@langchain/core'],
    shape: 'generic',
    calls: [
      // `tool(fn, { name, schema })`, and `tool({ name, schema })` with no function (a tool the client runs).
      {
        callee: 'tool',
        name: [
          { arg: 1, key: 'name' },
          { arg: 0, key: 'name' },
        ],
        schema: [
          { at: { arg: 1, key: 'schema' }, form: 'zod-shape' },
          { at: { arg: 0, key: 'schema' }, form: 'zod-shape' },
        ],
      },
      // `createRetrieverTool(retriever, { name, description })`.
      { callee: 'createRetrieverTool', name: [{ arg: 1, key: 'name' }] },
      {
        callee: 'DynamicStructuredTool',
        name: [{ arg: 0, key: 'name' }],
        schema: [{ at: { arg: 0, key: 'schema' }, form: 'zod-shape' }],
      },
      { callee: 'DynamicTool', name: [{ arg: 0, key: 'name' }] },
    ],
    // `BaseChatModel.bindTools(tools)` takes tool objects as well as tools: `{ name, description, schema }`.
    lists: [{ method: 'bindTools', list: [{ arg: 0 }], key: 'name' }],
    // `abstract class StructuredTool` (and `Tool`, its string-input kind) in `@langchain/core/tools`:
    // a subclass sets `name`, which is what the model is sent.
    classes: [{ bases: ['StructuredTool', 'Tool'], field: 'name' }],
  },
  {
    // openai-node `helpers/zod`: `zodFunction({ name, parameters })` makes a Chat Completions
    // function tool (`{ type: "function", function: { name, parameters, strict: true } }`), handed
    // to `chat.completions.parse({ tools: [...] })`; the name is sent as given. Each is read alone.
    id: 'openai-zod-helpers',
    family: 'js',
    imports: ['openai/helpers/zod'],
    shape: 'generic',
    calls: [
      {
        callee: 'zodFunction',
        name: [{ arg: 0, key: 'name' }],
        schema: [{ at: { arg: 0, key: 'parameters' }, form: 'zod-shape' }],
      },
    ],
  },
  {
    // `zodResponsesFunction({ name, parameters })`, the same helper's Responses function tool.
    id: 'openai-zod-responses-helpers',
    family: 'js',
    imports: ['openai/helpers/zod'],
    shape: 'openai-responses',
    calls: [
      {
        callee: 'zodResponsesFunction',
        name: [{ arg: 0, key: 'name' }],
        schema: [{ at: { arg: 0, key: 'parameters' }, form: 'zod-shape' }],
      },
    ],
  },
  {
    // anthropic-sdk-typescript `helpers/beta/zod` and `helpers/beta/json-schema`: `betaZodTool({ name,
    // inputSchema, run })` and `betaTool({ name, input_schema, run })`, the tools `beta.messages.toolRunner`
    // sends as `{ name, input_schema }`. Each is read alone.
    id: 'anthropic-tool-helpers',
    family: 'js',
    imports: ['@anthropic-ai/sdk/helpers'],
    shape: 'generic',
    calls: [
      {
        callee: 'betaZodTool',
        name: [{ arg: 0, key: 'name' }],
        schema: [{ at: { arg: 0, key: 'inputSchema' }, form: 'zod-shape' }],
      },
      {
        callee: 'betaTool',
        name: [{ arg: 0, key: 'name' }],
        schema: [{ at: { arg: 0, key: 'input_schema' }, form: 'json-schema' }],
      },
    ],
  },
  {
    id: 'provider-sdks-js',
    family: 'js',
    imports: [
      'openai',
      '@anthropic-ai/sdk',
      '@google/genai',
      '@google/generative-ai',
      '@aws-sdk/client-bedrock-runtime',
      // OpenAI Realtime's client event, often sent with no SDK over a WebRTC data channel or a
      // WebSocket (openai/openai-realtime-console `ToolPanel.jsx`): its `session.tools` are sent.
      '"session.update"',
      "'session.update'",
    ],
    shape: 'generic',
  },
  {
    id: 'fastmcp',
    family: 'python',
    imports: ['mcp.server', 'fastmcp', 'from mcp ', 'import mcp'],
    packages: ['mcp', 'fastmcp'],
    shape: 'mcp',
    versionKeyword: 'version',
    objectKey: 'inputSchema',
    servers: [
      { callee: 'FastMCP', name: [{ arg: 0 }, { keyword: 'name' }] },
      // The MCP Python SDK's name for FastMCP from its 2.0 line (`mcp.server.mcpserver`).
      { callee: 'MCPServer', name: [{ arg: 0 }, { keyword: 'name' }] },
      { callee: 'Server', name: [{ arg: 0 }, { keyword: 'name' }] },
    ],
    decorators: [
      { method: 'tool', name: [{ arg: 0 }, { keyword: 'name' }], insert: { keyword: 'name' } },
      // FastMCP 3's standalone decorator (`from fastmcp.tools import tool`), collected by a provider.
      {
        callee: 'tool',
        importedFrom: ['fastmcp'],
        name: [{ arg: 0 }, { keyword: 'name' }],
        insert: { keyword: 'name' },
      },
    ],
    calls: [
      { callee: 'types.Tool', name: [{ keyword: 'name' }], schema: PYTHON_TOOL_SCHEMA },
      { callee: 'Tool', name: [{ keyword: 'name' }], schema: PYTHON_TOOL_SCHEMA },
      // FastMCP 2 and 3: `tool(name_or_fn, *, name=None, ...)` registers a function it is given
      // at once (mcp-server-qdrant's `self.tool(find_foo, name="qdrant-find")` in a FastMCP subclass).
      {
        method: 'tool',
        name: [{ keyword: 'name' }],
        function: [{ arg: 0 }],
        requires: { positional: 1, keywords: [] },
        applied: true,
      },
      // The MCP SDK's FastMCP: `add_tool(fn, name=None, ...)`; FastMCP 3 takes a Tool or a function.
      { method: 'add_tool', name: [{ keyword: 'name' }], function: [{ arg: 0 }, { keyword: 'fn' }] },
      { callee: 'Tool.from_function', name: [{ keyword: 'name' }], function: [{ arg: 0 }, { keyword: 'fn' }] },
      {
        callee: 'FunctionTool.from_function',
        name: [{ keyword: 'name' }],
        function: [{ arg: 0 }, { keyword: 'fn' }],
      },
      // jlowin/fastmcp @b14b137f src/fastmcp/tools/tool_transform.py `TransformedTool.from_tool(tool,
      // name=None, ...)`: a new tool made from another, "Defaults to parent tool's name" (no name: no
      // new name to read; its parent is read where it is declared).
      { callee: 'Tool.from_tool', name: [{ keyword: 'name' }] },
      { callee: 'TransformedTool.from_tool', name: [{ keyword: 'name' }] },
    ],
  },
  {
    id: 'openai-agents-python',
    family: 'python',
    // `function_tool` too: a project's own module may re-export the SDK's decorator (`from .deps
    // import function_tool`, deps.py importing it from `agents`), and the file then names no `agents`.
    imports: ['agents', 'function_tool'],
    packages: ['openai-agents'],
    shape: 'openai-responses',
    deferKeyword: 'defer_loading',
    decorators: [
      { callee: 'function_tool', name: [{ keyword: 'name_override' }], insert: { keyword: 'name_override' } },
      // `agents.decorators.tool` is an alias of `function_tool`.
      {
        callee: 'tool',
        importedFrom: ['agents'],
        name: [{ keyword: 'name_override' }],
        insert: { keyword: 'name_override' },
      },
    ],
    calls: [
      {
        callee: 'FunctionTool',
        name: [{ keyword: 'name' }],
        schema: [{ at: { keyword: 'params_json_schema' }, form: 'json-schema' }],
      },
      // `agent.as_tool(tool_name, tool_description, ...)`: an agent offered as a function tool.
      { method: 'as_tool', name: [{ arg: 0 }, { keyword: 'tool_name' }], ofValue: true },
    ],
    // `Agent(tools=[...])`: each agent's tools are one request (`Agent.get_all_tools`); a tool
    // named in the list joins it, so two agents of one function are not censused together.
    lists: [{ callee: 'Agent', list: [{ keyword: 'tools' }] }],
  },
  {
    id: 'langchain',
    family: 'python',
    // LangGraph's prebuilt agent and `ToolNode` take the same tools (`from langgraph.prebuilt import ...`).
    imports: ['langchain', 'langgraph'],
    packages: ['langchain', 'langchain-core', 'langgraph'],
    shape: 'generic',
    decorators: [{ callee: 'tool', name: [{ arg: 0 }], insert: { positional: true } }],
    // langchain_core/tools (`StructuredTool.from_function`: `name or func.__name__`;
    // `Tool(name, func, description)`, `Tool.from_function(func, name, description)`).
    calls: [
      { callee: 'StructuredTool', name: [{ keyword: 'name' }] },
      {
        callee: 'StructuredTool.from_function',
        name: [{ keyword: 'name' }],
        function: [{ keyword: 'func' }, { arg: 0 }],
      },
      { callee: 'Tool', name: [{ keyword: 'name' }, { arg: 0 }] },
      { callee: 'Tool.from_function', name: [{ keyword: 'name' }, { arg: 1 }] },
      // `create_retriever_tool(retriever, name, description)`.
      { callee: 'create_retriever_tool', name: [{ keyword: 'name' }, { arg: 1 }] },
    ],
    // `bind_tools([{"name": "x", ...}, fn])`: a dict is sent as the function it describes, a plain
    // function under its `__name__` (langchain_core/utils/function_calling.py,
    // `_get_python_function_name`; `ToolNode` and the agents make it a tool with `tool(fn)`:
    // `StructuredTool.from_function`, `name or func.__name__`). LangGraph's
    // `create_react_agent(model, tools)` and `ToolNode(tools)`, langchain 1.x's
    // `create_agent(model, tools=None, ...)`.
    lists: [
      { method: 'bind_tools', list: [{ arg: 0 }, { keyword: 'tools' }], key: 'name', functions: true },
      { callee: 'create_react_agent', list: [{ arg: 1 }, { keyword: 'tools' }], key: 'name', functions: true },
      { callee: 'ToolNode', list: [{ arg: 0 }, { keyword: 'tools' }], key: 'name', functions: true },
      { callee: 'create_agent', list: [{ arg: 1 }, { keyword: 'tools' }], key: 'name', functions: true },
    ],
    listNames: ['TOOLS', 'tools'],
    // langchain_core/tools/base.py `class BaseTool(RunnableSerializable)`: `name: str`, a Pydantic
    // field a subclass gives its default (`class Search(BaseTool): name: str = "search"`); the model
    // is sent that `name` (`convert_to_openai_tool` on a BaseTool: `tool.name`). `StructuredTool` is one.
    // Imported from LangChain (`from langchain_core.tools import BaseTool`, `langchain.tools`):
    // many projects define a `BaseTool` of their own, with a `name` of their own. A class of the
    // file that is one is a base too, and so is a toolkit's own base imported from LangChain's
    // modules (`GmailBaseTool`) for a class that implements `_run`/`_arun`.
    classes: [
      {
        bases: ['BaseTool', 'StructuredTool'],
        field: 'name',
        importedFrom: ['langchain', 'langchain_core', 'langchain_community', 'langchain_classic'],
        implementing: ['_run', '_arun'],
      },
    ],
  },
  {
    // googleapis/python-genai (`google.genai.types.FunctionDeclaration`) and the older
    // google-generativeai (`genai.protos.FunctionDeclaration`): one function a Gemini request offers.
    id: 'gemini-python',
    family: 'python',
    imports: ['google.genai', 'from google import genai', 'google.generativeai'],
    shape: 'gemini',
    lists: ['types.Tool', 'Tool'].map((callee) => ({
      callee,
      list: [{ keyword: 'function_declarations' }],
      key: 'name',
    })),
    calls: [
      'types.FunctionDeclaration',
      'FunctionDeclaration',
      'genai.protos.FunctionDeclaration',
      'protos.FunctionDeclaration',
    ].map((callee) => ({
      callee,
      name: [{ keyword: 'name' }],
      schema: [{ at: { keyword: 'parameters' }, form: 'json-schema' as const }],
    })),
  },
  {
    id: 'provider-sdks-python',
    family: 'python',
    // `from google import genai` names the new SDK without the dotted path.
    imports: ['openai', 'anthropic', 'google.genai', 'from google import genai', 'google.generativeai', 'boto3'],
    shape: 'generic',
  },
  {
    id: 'mcp-go-sdk',
    family: 'go',
    imports: ['github.com/modelcontextprotocol/go-sdk'],
    packages: ['github.com/modelcontextprotocol/go-sdk'],
    shape: 'mcp',
    servers: [
      { callee: 'mcp.NewServer', name: [{ arg: 0, key: 'Name' }] },
      { callee: 'NewServer', name: [{ arg: 0, key: 'Name' }], ownPackage: GO_SDK_MCP },
    ],
    structs: [
      { type: 'mcp.Tool', field: 'Name' },
      { type: 'Tool', field: 'Name', ownPackage: GO_SDK_MCP },
    ],
  },
  {
    id: 'mark3labs-mcp-go',
    family: 'go',
    imports: ['github.com/mark3labs/mcp-go'],
    packages: ['github.com/mark3labs/mcp-go'],
    shape: 'mcp',
    servers: [
      { callee: 'server.NewMCPServer', name: [{ arg: 0 }] },
      {
        callee: 'NewMCPServer',
        name: [{ arg: 0 }],
        ownPackage: { clause: 'server', path: 'github.com/mark3labs/mcp-go/server' },
      },
    ],
    calls: [
      { callee: 'mcp.NewTool', name: [{ arg: 0 }], schema: [{ form: 'options' }] },
      // mcp-go's own package `mcp` (its tests of the tool builder) writes `NewTool("x", ...)` bare.
      {
        callee: 'NewTool',
        name: [{ arg: 0 }],
        schema: [{ form: 'options' }],
        ownPackage: { clause: 'mcp', path: 'github.com/mark3labs/mcp-go/mcp' },
      },
    ],
    // server/server.go `handleListTools`: "Then override with session-specific tools" (a map by name).
    sessionMethods: ['AddSessionTool', 'AddSessionTools'],
    // server/server.go `DeleteTools(names ...string)`: each name is removed from the server's map.
    removers: [{ method: 'DeleteTools', name: [{ arg: 0 }] }],
    // `s.AddTool(mcp.Tool{Name: "x", ...}, h)`: the struct by value as often as by pointer.
    structs: [{ type: 'mcp.Tool', field: 'Name' }],
  },
  {
    // modelcontextprotocol/java-sdk @305e4cbd: `McpSchema.Tool` is a record whose first component is
    // the name, built with `Tool.builder(name[, schema])` or `Tool.builder().name(name)`
    // (mcp-core/src/main/java/io/modelcontextprotocol/spec/McpSchema.java); a server is
    // `McpServer.sync(transport).serverInfo(name, version)` with tools added as
    // `SyncToolSpecification`s (`.tools(...)`, `.toolCall(...)`, `addTool`: docs/server.md).
    id: 'mcp-java-sdk',
    family: 'java',
    imports: ['io.modelcontextprotocol'],
    packages: ['io.modelcontextprotocol.sdk'],
    shape: 'mcp',
    servers: [{ callee: 'serverInfo', name: [{ arg: 0 }] }],
    calls: [
      { callee: 'Tool.builder', name: [{ arg: 0 }] },
      { callee: 'McpSchema.Tool.builder', name: [{ arg: 0 }] },
      { callee: 'Tool', name: [{ arg: 0 }] },
      { callee: 'McpSchema.Tool', name: [{ arg: 0 }] },
      { method: 'name', on: ['Tool.builder', 'McpSchema.Tool.builder'], name: [{ arg: 0 }] },
    ],
  },
  {
    // spring-projects/spring-ai @fd3fd6ec: `ToolUtils.getToolName`
    // (spring-ai-model/src/main/java/org/springframework/ai/tool/support/ToolUtils.java) takes
    // `@Tool`'s `name` when it has text, else the method's name. `Tool` is a common type name (the
    // MCP SDK's `McpSchema.Tool`), so the annotation counts only when imported from Spring AI.
    id: 'spring-ai',
    family: 'java',
    imports: ['org.springframework.ai'],
    packages: ['org.springframework.ai'],
    shape: 'generic',
    decorators: [
      {
        callee: 'Tool',
        importedFrom: ['org.springframework.ai.tool.annotation'],
        name: [{ keyword: 'name' }],
        insert: { keyword: 'name' },
        emptyIsDefault: true,
      },
      {
        callee: 'org.springframework.ai.tool.annotation.Tool',
        name: [{ keyword: 'name' }],
        insert: { keyword: 'name' },
        emptyIsDefault: true,
      },
    ],
  },
  {
    // spring-projects/spring-ai @fd3fd6ec: `@McpTool` (mcp/mcp-annotations/.../annotation/McpTool.java,
    // `name() default ""`: "If not provided, the method name will be used"); SyncMcpToolProvider
    // takes `Utils.hasText(name) ? name : method.getName()` and builds an MCP Tool from it. Also
    // under its former home, spring-ai-community's `org.springaicommunity.mcp.annotation`.
    id: 'spring-ai-mcp-annotations',
    family: 'java',
    imports: ['org.springframework.ai.mcp', 'org.springaicommunity.mcp'],
    packages: ['org.springframework.ai', 'org.springaicommunity'],
    shape: 'mcp',
    decorators: [
      {
        callee: 'McpTool',
        importedFrom: ['org.springframework.ai.mcp.annotation', 'org.springaicommunity.mcp.annotation'],
        name: [{ keyword: 'name' }],
        insert: { keyword: 'name' },
        emptyIsDefault: true,
      },
    ],
  },
  {
    // quarkiverse/quarkus-mcp-server @14ea27b3: `@Tool` on a CDI bean's method
    // (core/runtime/.../server/Tool.java, `name() default ELEMENT_NAME`: "the name is derived from
    // the name of the annotated method"); McpServerProcessor takes `value("name")` when written,
    // else `method.name()`, so an explicit `name = ""` is the empty name, not the default. Tools
    // made at run time: `toolManager.newTool("x")...register()` (ToolManager.newTool). It reads the
    // same way the annotations of org.mcpjava's mcp-server-api (`org.mcpjava.server.tools.Tool`,
    // DotNames.MCPJAVA_TOOL) and, unless disabled, langchain4j's `@Tool` (its own entry below).
    id: 'quarkus-mcp-server',
    family: 'java',
    imports: ['io.quarkiverse.mcp', 'org.mcpjava.server'],
    packages: ['io.quarkiverse.mcp', 'org.mcpjava'],
    shape: 'mcp',
    decorators: [
      {
        callee: 'Tool',
        importedFrom: ['io.quarkiverse.mcp.server', 'org.mcpjava.server.tools'],
        name: [{ keyword: 'name' }],
        insert: { keyword: 'name' },
      },
      { callee: 'io.quarkiverse.mcp.server.Tool', name: [{ keyword: 'name' }], insert: { keyword: 'name' } },
    ],
    // The tool manager is the application's, not one server's: a chain's `.setServerName("x")`
    // picks the server at run time (PerServerProgrammaticTest registers one name on two servers),
    // so a programmatic tool travels alone rather than colliding with its file's others.
    calls: [{ method: 'newTool', name: [{ arg: 0 }], ofValue: true, serverChosenLater: true }],
  },
  {
    // langchain4j/langchain4j @b8b809ed: `@Tool` (langchain4j-core/.../agent/tool/Tool.java:
    // `name() default ""`, its `value()` is the description); ToolSpecifications names the tool
    // `isNullOrBlank(tool.name()) ? method.getName() : tool.name()`. By hand:
    // `ToolSpecification.builder().name("x")`. The tools go to whatever model the service is given.
    id: 'langchain4j',
    family: 'java',
    imports: ['dev.langchain4j'],
    packages: ['dev.langchain4j'],
    shape: 'generic',
    decorators: [
      {
        callee: 'Tool',
        importedFrom: ['dev.langchain4j.agent.tool'],
        name: [{ keyword: 'name' }],
        insert: { keyword: 'name' },
        emptyIsDefault: true,
      },
      {
        callee: 'dev.langchain4j.agent.tool.Tool',
        name: [{ keyword: 'name' }],
        insert: { keyword: 'name' },
        emptyIsDefault: true,
      },
    ],
    calls: [{ method: 'name', on: ['ToolSpecification.builder'], name: [{ arg: 0 }] }],
  },
  {
    // modelcontextprotocol/rust-sdk @4a738b9d: the `#[tool]` macro names a tool
    // `attribute.name.unwrap_or_else(|| fn_ident.to_string())` (crates/rmcp-macros/src/tool.rs),
    // the function's own name when no `name = "..."` is given; `Tool::new(name, description,
    // schema)` builds one by hand (crates/rmcp/src/model/tool.rs). A `#[tool_router] impl` is one
    // server's tools (examples/servers/src/common/counter.rs).
    id: 'rmcp',
    family: 'rust',
    imports: ['rmcp::'],
    packages: ['rmcp'],
    shape: 'mcp',
    decorators: [
      { callee: 'tool', name: [{ keyword: 'name' }], insert: { keyword: 'name' } },
      { callee: 'rmcp::tool', name: [{ keyword: 'name' }], insert: { keyword: 'name' } },
    ],
    calls: [
      { callee: 'Tool::new', name: [{ arg: 0 }] },
      { callee: 'model::Tool::new', name: [{ arg: 0 }] },
      { callee: 'rmcp::model::Tool::new', name: [{ arg: 0 }] },
      { callee: 'Tool::new_with_raw', name: [{ arg: 0 }] },
    ],
    // `Tool { name: "x".into(), .. }`: the struct's fields are public.
    structs: ['Tool', 'model::Tool', 'rmcp::model::Tool'].map((type) => ({ type, field: 'name' })),
  },
  {
    // modelcontextprotocol/csharp-sdk @609499b2 (read 2026-12-03): `[McpServerTool]` methods
    // (docs/concepts/tools/tools.md; `McpServerToolAttribute.Name`: "If null, the method name is
    // used"), named `options.Name ?? attribute.Name ?? DeriveName(method)`
    // (src/ModelContextProtocol.Core/Server/AIFunctionMcpServerTool.cs): `derive` writes DeriveName.
    // C# lets an attribute be written with or without its `Attribute` suffix. `McpServerTool.Create(
    // fn, new McpServerToolCreateOptions { Name = "x" })` names one by its options; `new Tool { Name }`
    // is a protocol tool listed by hand (`ListToolsHandler`). A server's name is its
    // `ServerInfo = new Implementation { Name = "x" }`. A class's tools are one set (registered by
    // `WithTools<T>()`, or all of an assembly's `[McpServerToolType]` classes by `WithToolsFromAssembly()`).
    id: 'mcp-csharp-sdk',
    family: 'csharp',
    imports: ['ModelContextProtocol'],
    packages: ['ModelContextProtocol', 'ModelContextProtocol.Core', 'ModelContextProtocol.AspNetCore'],
    shape: 'mcp',
    servers: [{ callee: 'Implementation', name: [{ keyword: 'Name' }], boundTo: ['ServerInfo'] }],
    decorators: [
      'McpServerTool',
      'McpServerToolAttribute',
      'ModelContextProtocol.Server.McpServerTool',
      'ModelContextProtocol.Server.McpServerToolAttribute',
    ].map((callee) => ({
      callee,
      name: [{ keyword: 'Name' }],
      insert: { keyword: 'Name' },
      derive: 'csharp-sdk' as const,
    })),
    calls: ['McpServerTool.Create', 'ModelContextProtocol.Server.McpServerTool.Create'].map((callee) => ({
      callee,
      // (delegate, options), (method, target, options), (function, options), or `options:` by name.
      name: [
        { arg: 1, key: 'Name' },
        { arg: 2, key: 'Name' },
        { keyword: 'options', key: 'Name' },
      ],
      unnamedIsComputed: true as const,
    })),
    structs: [
      { type: 'Tool', field: 'Name' },
      { type: 'Protocol.Tool', field: 'Name' },
      { type: 'ModelContextProtocol.Protocol.Tool', field: 'Name' },
    ],
  },
  {
    // modelcontextprotocol/kotlin-sdk @a06d699d (README "Creating a Server", "Tools"; kotlin-sdk-server
    // Server.kt): `Server(serverInfo = Implementation(name, version), options) { ... }`, whose block
    // runs with the server as receiver; tools come as `server.addTool(name = "x", description = ...) { }`
    // (or `addTool("x", "d")`), or as `Tool(name = "x", inputSchema = ...)` values handed to
    // `addTool(tool) { }` or `addTools(listOf(RegisteredTool(tool, handler)))`. The SDK derives no
    // name: every tool names itself. Its Maven group is `io.modelcontextprotocol` (`:kotlin-sdk`).
    id: 'mcp-kotlin-sdk',
    family: 'kotlin',
    imports: ['io.modelcontextprotocol.kotlin.sdk'],
    packages: ['io.modelcontextprotocol'],
    shape: 'mcp',
    servers: [
      {
        callee: 'Server',
        name: [
          { arg: 0, within: { callee: 'Implementation', name: [{ arg: 0 }, { keyword: 'name' }] } },
          { keyword: 'serverInfo', within: { callee: 'Implementation', name: [{ arg: 0 }, { keyword: 'name' }] } },
        ],
      },
    ],
    // `fun register(server: Server)`, `class Tools(private val server: Server)`: servers made elsewhere.
    serverTypes: ['Server'],
    calls: [
      {
        method: 'addTool',
        name: [{ arg: 0 }, { keyword: 'name' }],
        requires: { positional: 2, keywords: ['name', 'description'] },
      },
      {
        callee: 'addTool',
        name: [{ arg: 0 }, { keyword: 'name' }],
        requires: { positional: 2, keywords: ['name', 'description'] },
      },
      { callee: 'Tool', name: [{ arg: 0 }, { keyword: 'name' }] },
    ],
    // kotlin-sdk @a06d699d kotlin-sdk-server/.../server/Server.kt `removeTool(name)`; adding a name
    // already registered throws (FeatureRegistry.kt: "Remove it first to replace it").
    removers: [{ method: 'removeTool', name: [{ arg: 0 }, { keyword: 'name' }] }],
  },
  {
    // modelcontextprotocol/swift-sdk @6132fd4b (README "Tools"; Sources/MCP/Server/Tools.swift,
    // Server.swift): `Server(name: "x", version: ...)`, and tools as `Tool(name: "x", description:
    // ..., inputSchema: ...)` values a `withMethodHandler(ListTools.self)` handler returns. Every tool
    // names itself. A package depends on it by its repository in Package.swift.
    id: 'mcp-swift-sdk',
    family: 'swift',
    imports: ['import MCP'],
    packages: ['github.com/modelcontextprotocol/swift-sdk'],
    shape: 'mcp',
    servers: [
      { callee: 'Server', name: [{ keyword: 'name' }] },
      { callee: 'MCP.Server', name: [{ keyword: 'name' }] },
    ],
    calls: [
      { callee: 'Tool', name: [{ keyword: 'name' }] },
      { callee: 'MCP.Tool', name: [{ keyword: 'name' }] },
    ],
  },
  {
    // modelcontextprotocol/ruby-sdk @fcb1ac93 (README.md, docs/_server/tools.md, lib/mcp/tool.rb,
    // lib/mcp/server.rb): a tool is a class `X < MCP::Tool` named by `tool_name "x"`, else after
    // its class (`derive`: `StringUtils.handle_from_class_name`); `MCP::Tool.define(name: "x")` builds one, and
    // `server.define_tool(name: "x")` adds one to `MCP::Server.new(name: "s", ...)`.
    id: 'mcp-ruby-sdk',
    family: 'ruby',
    imports: ['MCP::'],
    packages: ['mcp'],
    shape: 'mcp',
    servers: [{ callee: 'MCP::Server.new', name: [{ keyword: 'name' }], tools: [{ keyword: 'tools' }] }],
    decorators: [
      {
        callee: 'MCP::Tool',
        name: [{ arg: 0 }],
        insert: { statement: 'tool_name' },
        derive: 'ruby-class-handle',
      },
      {
        callee: '::MCP::Tool',
        name: [{ arg: 0 }],
        insert: { statement: 'tool_name' },
        derive: 'ruby-class-handle',
      },
    ],
    calls: [
      { callee: 'MCP::Tool.define', name: [{ keyword: 'name' }] },
      { method: 'define_tool', name: [{ keyword: 'name' }] },
    ],
  },
  {
    // php-mcp/server @d2c5833 (src/Attributes/McpTool.php, src/Utils/Discoverer.php `processMethod`,
    // src/ServerBuilder.php `withTool`), the community server the official SDK grew from: the same
    // discovery (`$instance->name ?? ($methodName === '__invoke' ? $classShortName : $methodName)`,
    // public non-static methods of concrete classes), its own namespace, and `->withTool($handler,
    // 'x')` on `Server::make()`, named by `->withServerInfo('s', '1.0.0')`.
    id: 'php-mcp-server',
    family: 'php',
    imports: ['use PhpMcp\\Server', '\\PhpMcp\\Server'],
    packages: ['php-mcp/server'],
    shape: 'mcp',
    servers: [
      { callee: 'Server::make', name: [] },
      { callee: '\\PhpMcp\\Server\\Server::make', name: [] },
      // `Server::make()` is `new ServerBuilder()`, which tests write themselves.
      { callee: 'ServerBuilder', name: [] },
      { callee: 'withServerInfo', name: [{ arg: 0 }, { keyword: 'name' }] },
    ],
    serverTypes: ['ServerBuilder', 'PhpMcp\\Server\\ServerBuilder', '\\PhpMcp\\Server\\ServerBuilder'],
    decorators: [
      {
        callee: 'McpTool',
        importedFrom: ['PhpMcp\\Server\\Attributes'],
        name: [{ arg: 0 }, { keyword: 'name' }],
        insert: { keyword: 'name' },
      },
      {
        callee: '\\PhpMcp\\Server\\Attributes\\McpTool',
        name: [{ arg: 0 }, { keyword: 'name' }],
        insert: { keyword: 'name' },
      },
    ],
    calls: [
      {
        method: 'withTool',
        name: [{ arg: 1 }, { keyword: 'name' }],
        function: [{ arg: 0 }, { keyword: 'handler' }],
        serverOnly: true,
      },
    ],
  },
  {
    // modelcontextprotocol/php-sdk @c882401e (README.md, docs/servers/tools.md and registration.md,
    // src/Capability/Attribute/McpTool.php, src/Server/Builder.php): `#[McpTool(name: 'x')]` on a
    // public method (no name: the method's; on an invokable class: the class's short name,
    // Discoverer.php); `->addTool($handler, 'x')` on `Server::builder()` (no name: the handler's
    // method, ReflectedElementLoader.php); `new Tool(name: 'x', ...)` for `->add($tool, $handler)`;
    // the server named by `->setServerInfo('s', '1.0.0')`.
    id: 'mcp-php-sdk',
    family: 'php',
    // `use Mcp\...;` or a fully qualified `\Mcp\Server`: a namespace of one's own (`App\Mcp\Tools`) is not the SDK.
    imports: ['use Mcp\\', '\\Mcp\\Server', '\\Mcp\\Capability', '\\Mcp\\Schema'],
    packages: ['mcp/sdk'],
    shape: 'mcp',
    servers: [
      { callee: 'Server::builder', name: [] },
      { callee: '\\Mcp\\Server::builder', name: [] },
      { callee: 'setServerInfo', name: [{ arg: 0 }, { keyword: 'name' }] },
      // `$builder = new Builder();` (`Server::builder()` is `new Builder()`), then `$builder->addTool(...)`.
      { callee: 'Builder', name: [] },
      { callee: '\\Mcp\\Server\\Builder', name: [] },
    ],
    // `function register(Builder $builder)`: the server's builder handed to a helper.
    serverTypes: ['Builder', 'Mcp\\Server\\Builder', '\\Mcp\\Server\\Builder'],
    decorators: [
      {
        callee: 'McpTool',
        importedFrom: ['Mcp\\Capability\\Attribute'],
        name: [{ arg: 0 }, { keyword: 'name' }],
        insert: { keyword: 'name' },
      },
      {
        callee: '\\Mcp\\Capability\\Attribute\\McpTool',
        name: [{ arg: 0 }, { keyword: 'name' }],
        insert: { keyword: 'name' },
      },
      // Written qualified in a file outside any namespace, where it resolves from the global one.
      {
        callee: 'Mcp\\Capability\\Attribute\\McpTool',
        name: [{ arg: 0 }, { keyword: 'name' }],
        insert: { keyword: 'name' },
      },
    ],
    calls: [
      {
        method: 'addTool',
        name: [{ arg: 1 }, { keyword: 'name' }],
        function: [{ arg: 0 }, { keyword: 'handler' }],
        serverOnly: true,
      },
      { callee: 'Tool', name: [{ arg: 0 }, { keyword: 'name' }] },
      { callee: '\\Mcp\\Schema\\Tool', name: [{ arg: 0 }, { keyword: 'name' }] },
    ],
  },
];
