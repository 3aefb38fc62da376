-- Headless Neovim with the configuration users are told to write (docs/editors.md): the shipped
-- editors/neovim/lua/toolwire.lua on the runtimepath and one setup() call, nothing else. It
-- checks that the way setup() chose starts the server on the file opened, that a second file of
-- another filetype (YAML) attaches to the same server, that the settings reach the server (a
-- severity setting changes what it reports), and what :ToolwireLog shows. Everything seen goes
-- into a JSON report (TOOLWIRE_E2E_REPORT) that e2e/tests/neovim.test.ts checks.
--
-- TOOLWIRE_E2E_PLUGIN: the editors/neovim folder; TOOLWIRE_E2E_LSPCONFIG (optional): an
-- nvim-lspconfig checkout to put on the runtimepath first.

local env = vim.env
local report_path = assert(env.TOOLWIRE_E2E_REPORT, 'TOOLWIRE_E2E_REPORT is not set')
local timeout_ms = tonumber(env.TOOLWIRE_E2E_STEP_MS or '15000')
local v = vim.version()
local report = { nvim = string.format('%d.%d.%d', v.major, v.minor, v.patch), steps = {} }

vim.opt.runtimepath:prepend(assert(env.TOOLWIRE_E2E_PLUGIN, 'TOOLWIRE_E2E_PLUGIN is not set'))
if env.TOOLWIRE_E2E_LSPCONFIG and env.TOOLWIRE_E2E_LSPCONFIG ~= '' then
  vim.opt.runtimepath:prepend(env.TOOLWIRE_E2E_LSPCONFIG)
end
-- Filetype detection as a user's Neovim has it (`-u file` alone leaves it off).
vim.cmd('filetype on')
if env.TOOLWIRE_E2E_DEBUG then vim.lsp.set_log_level('debug') end

-- The user's configuration: this call, as docs/editors.md writes it.
report.via = require('toolwire').setup({
  cmd = { env.TOOLWIRE_E2E_NODE or 'node', assert(env.TOOLWIRE_E2E_SERVER, 'TOOLWIRE_E2E_SERVER is not set'), '--stdio' },
  settings = { severity = { ['wire-collision'] = 'warning' } },
})

local function write_report()
  local file = assert(io.open(report_path, 'w'))
  file:write(vim.fn.json_encode(report))
  file:close()
end

local function step(name) table.insert(report.steps, name) end

local function wait(what, condition, seen)
  if not vim.wait(timeout_ms, condition, 20) then
    error(string.format('timed out after %d ms waiting for %s; last seen: %s', timeout_ms, what, seen and seen() or '?'), 0)
  end
end

--- A buffer's toolwire diagnostics as `severity code` strings, sorted.
local function diagnostics(bufnr)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local lsp = (d.user_data or {}).lsp or {}
    if d.severity <= 2 then table.insert(out, string.format('%d %s', d.severity, tostring(lsp.code or d.code))) end
  end
  table.sort(out)
  return out
end

local function count(bufnr, code)
  local n = 0
  for _, line in ipairs(diagnostics(bufnr)) do if line:find(code, 1, true) then n = n + 1 end end
  return n
end

local function toolwire_clients()
  local out = {}
  for _, client in pairs(vim.lsp.get_active_clients()) do
    if client.name == 'toolwire' then table.insert(out, client) end
  end
  return out
end

local function run()
  local json = vim.api.nvim_get_current_buf()
  report.filetype = vim.bo[json].filetype

  step('json diagnostics')
  wait('a wire-collision diagnostic in the JSON file', function() return count(json, 'wire-collision') == 1 end,
    function() return vim.inspect(diagnostics(json)) end)
  report.json = diagnostics(json)

  step('yaml')
  local second = assert(env.TOOLWIRE_E2E_SECOND, 'TOOLWIRE_E2E_SECOND is not set')
  vim.cmd('edit ' .. vim.fn.fnameescape(second))
  local yaml = vim.api.nvim_get_current_buf()
  report.second_filetype = vim.bo[yaml].filetype
  wait('a wire-collision diagnostic in the YAML file', function() return count(yaml, 'wire-collision') == 1 end,
    function() return vim.inspect(diagnostics(yaml)) end)
  report.yaml = diagnostics(yaml)
  local clients = toolwire_clients()
  report.clients = #clients
  report.root = clients[1] and clients[1].config.root_dir or vim.NIL

  step('log')
  wait('the log to tell the YAML file', function()
    for _, line in ipairs(require('toolwire').log()) do
      if line:find('tools.yaml: ', 1, true) then return true end
    end
    return false
  end, function() return table.concat(require('toolwire').log(), '\n') end)
  vim.cmd('ToolwireLog')
  report.log_buffer = vim.api.nvim_buf_get_lines(0, 0, -1, false)

  step('stop')
  for _, client in ipairs(clients) do client.stop() end
  wait('the server to exit', function() return #toolwire_clients() == 0 end)
  step('done')
end

local function main()
  local ok, err = pcall(run)
  if not ok then report.error = tostring(err) end
  write_report()
  vim.cmd(ok and 'qall!' or 'cquit 1')
end

-- nested: the files it opens get their filetype (and so toolwire) as in an interactive session.
vim.api.nvim_create_autocmd('VimEnter', { once = true, nested = true, callback = main })
