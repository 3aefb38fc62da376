-- toolwire's language server in Neovim: one setup() for Neovim 0.7 (Debian 12's) up to current
-- releases, with or without nvim-lspconfig. See docs/editors.md.
--
--   require('toolwire').setup({ server = '/path/to/toolwire/dist/server.js' })
--
-- How it starts the server, by what the running Neovim has:
--   * vim.lsp.config and vim.lsp.enable (0.11+): the built-in configuration, as nvim-lspconfig 2
--     does itself there;
--   * else nvim-lspconfig, when it is installed (its 0.1.x releases, which still run on 0.7);
--   * else vim.lsp.start (0.8 to 0.10) on each FileType;
--   * else vim.lsp.start_client and vim.lsp.buf_attach_client (0.7), one server per root folder.
-- `via` in the options chooses one of 'config', 'lspconfig', 'start' or 'start_client' instead.
--
-- :ToolwireLog shows what the server logged (window/logMessage): its version, each folder's
-- configuration, what each file was checked against and why, and the files it skipped.

local M = {}

-- The language ids toolwire checks: the `LANGUAGES` table of the server's core
-- (test/client/editors.test.ts holds this list to it). Neovim's filetypes use the same names.
M.filetypes = {
  'json',
  'jsonc',
  'jsonl',
  'yaml',
  'typescript',
  'typescriptreact',
  'javascript',
  'javascriptreact',
  'python',
  'go',
  'java',
  'rust',
  'csharp',
  'kotlin',
  'swift',
  'ruby',
  'php',
}

-- A workspace folder is the nearest folder above the file holding one of these; else the file's own folder.
M.root_markers = { '.toolwire.json', '.git' }

-- libuv: `vim.uv` from 0.10, where `vim.loop` is its deprecated name; 0.7 has only `vim.loop`.
local fs = vim.uv or vim.loop

-- What the server logged, newest last, bounded; shared by every toolwire client of this Neovim.
local logged = {}
local MAX_LOGGED = 5000

--- The folder `path` (a file or a folder) belongs to: the nearest one up holding a root marker.
function M.root_of(path)
  local start = (path == nil or path == '') and vim.fn.getcwd() or vim.fn.fnamemodify(path, ':p')
  local dir = vim.fn.isdirectory(start) == 1 and start or vim.fn.fnamemodify(start, ':h')
  dir = dir:gsub('/+$', '')
  if dir == '' then dir = '/' end
  local current = dir
  while true do
    for _, marker in ipairs(M.root_markers) do
      if fs.fs_stat(current .. '/' .. marker) then return current end
    end
    local parent = vim.fn.fnamemodify(current, ':h')
    if parent == current then return dir end
    current = parent
  end
end

local function on_log_message(err, result, ctx, config)
  if result and result.message then
    for _, line in ipairs(vim.split(result.message, '\n', { plain = true })) do
      table.insert(logged, line)
    end
    while #logged > MAX_LOGGED do table.remove(logged, 1) end
  end
  -- Neovim's own handler still writes it to the LSP log file (:LspLog).
  return vim.lsp.handlers['window/logMessage'](err, result, ctx, config)
end

--- The lines the server logged so far (a copy).
function M.log()
  return vim.deepcopy(logged)
end

local function open_log()
  vim.cmd('botright new')
  local buf = vim.api.nvim_get_current_buf()
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, #logged > 0 and logged or { 'toolwire has logged nothing yet.' })
  vim.bo[buf].buftype = 'nofile'
  vim.bo[buf].bufhidden = 'wipe'
  vim.bo[buf].modifiable = false
  pcall(vim.api.nvim_buf_set_name, buf, 'toolwire log')
end

local function choose_via(opts)
  if opts.via then return opts.via end
  if vim.lsp.config and vim.lsp.enable then return 'config' end
  if pcall(require, 'lspconfig') then return 'lspconfig' end
  if vim.lsp.start then return 'start' end
  return 'start_client'
end

--- The client configuration every way shares: the command, the settings the server asks for
--- (`workspace/configuration`, section `toolwire`: the VS Code settings without their prefix), and the log.
local function client_config(opts, cmd)
  return {
    name = 'toolwire',
    cmd = cmd,
    settings = { toolwire = opts.settings or {} },
    handlers = { ['window/logMessage'] = on_log_message },
    on_init = function(client)
      -- Neovim 0.7 answers workspace/configuration but does not say so, and sends no settings
      -- of its own accord (`:help vim.lsp.start_client`, on_init): the server gets them pushed.
      -- Later releases push them too; once more changes nothing.
      local params = { settings = client.config.settings }
      if vim.fn.has('nvim-0.11') == 1 then
        client:notify('workspace/didChangeConfiguration', params)
      else
        client.notify('workspace/didChangeConfiguration', params)
      end
    end,
    on_attach = opts.on_attach,
    capabilities = opts.capabilities,
  }
end

local function with_root(config, root)
  local copy = vim.deepcopy(config)
  copy.root_dir = root
  copy.workspace_folders = { { uri = vim.uri_from_fname(root), name = root } }
  return copy
end

-- Neovim 0.7: start one client per root folder, attach each buffer of a checked filetype to it.
local function attach_with_start_client(config, started, bufnr)
  local root = M.root_of(vim.api.nvim_buf_get_name(bufnr))
  local id = started[root]
  if not (id and vim.lsp.get_client_by_id(id)) then
    id = vim.lsp.start_client(with_root(config, root))
    started[root] = id
  end
  if id then vim.lsp.buf_attach_client(bufnr, id) end
end

local function on_filetypes(group, attach)
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = M.filetypes,
    callback = function(args) attach(args.buf) end,
  })
  -- Buffers already open when setup() runs (a plugin manager may load this late).
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and vim.tbl_contains(M.filetypes, vim.bo[bufnr].filetype) then
      attach(bufnr)
    end
  end
end

--- Starts toolwire for the filetypes it checks. Options:
---   server       path to toolwire's dist/server.js (run with `node`), or
---   cmd          the whole command ({ 'node', '/path/server.js', '--stdio' })
---   settings     toolwire's settings, e.g. { languages = { 'json', 'yaml' }, clients = { 'cursor' } }
---   via          'config' | 'lspconfig' | 'start' | 'start_client' (default: by the Neovim running)
---   on_attach, capabilities   passed to the client as usual
--- Returns the way it chose, or nil when the options name no server.
function M.setup(opts)
  opts = opts or {}
  local cmd = opts.cmd or (opts.server and { 'node', opts.server, '--stdio' })
  if not cmd then
    vim.notify("toolwire: setup() needs server = '/path/to/toolwire/dist/server.js' (or cmd = { ... })", vim.log.levels.WARN)
    return nil
  end
  pcall(vim.api.nvim_del_user_command, 'ToolwireLog')
  vim.api.nvim_create_user_command('ToolwireLog', open_log, { desc = 'What the toolwire server logged' })
  local config = client_config(opts, cmd)
  local via = choose_via(opts)
  if via == 'config' then
    config.filetypes = M.filetypes
    config.root_dir = function(bufnr, on_dir) on_dir(M.root_of(vim.api.nvim_buf_get_name(bufnr))) end
    vim.lsp.config('toolwire', config)
    vim.lsp.enable('toolwire')
  elseif via == 'lspconfig' then
    local configs = require('lspconfig.configs')
    if not configs.toolwire then
      configs.toolwire = {
        default_config = {
          cmd = cmd,
          filetypes = M.filetypes,
          root_dir = function(fname) return M.root_of(fname) end,
          settings = config.settings,
        },
      }
    end
    require('lspconfig').toolwire.setup({
      cmd = cmd,
      settings = config.settings,
      handlers = config.handlers,
      on_attach = opts.on_attach,
      capabilities = opts.capabilities,
    })
  else
    local group = vim.api.nvim_create_augroup('toolwire', { clear = true })
    if via == 'start' then
      on_filetypes(group, function(bufnr)
        local root = M.root_of(vim.api.nvim_buf_get_name(bufnr))
        -- Reuses the running client of the same name and root; bufnr is taken from 0.10 on.
        vim.api.nvim_buf_call(bufnr, function() vim.lsp.start(with_root(config, root), { bufnr = bufnr }) end)
      end)
    else
      local started = {}
      on_filetypes(group, function(bufnr) attach_with_start_client(config, started, bufnr) end)
    end
  end
  return via
end

return M
