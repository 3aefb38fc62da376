-- Headless Neovim (0.7.2, Debian 12) as a second LSP client of dist/server.js: start the server on
-- the opened file, wait for its diagnostics, ask for a hover and the quick fixes, apply the
-- "Add invocationName" fix and wait for the diagnostic to clear. Everything seen goes into a JSON
-- report (TOOLWIRE_E2E_REPORT) that e2e/tests/neovim.test.ts checks; this script only drives and
-- reports, and exits non-zero when a step fails or times out (with the step and what it saw).
--
-- 0.7 has no vim.lsp.start: start_client + buf_attach_client. A diagnostic's LSP fields (code,
-- range, data) live under user_data.lsp.

local env = vim.env
local report_path = assert(env.TOOLWIRE_E2E_REPORT, 'TOOLWIRE_E2E_REPORT is not set')
local timeout_ms = tonumber(env.TOOLWIRE_E2E_STEP_MS or '15000')
local report = { nvim = tostring(vim.version().major) .. '.' .. tostring(vim.version().minor) .. '.' .. tostring(vim.version().patch), steps = {} }

local function write_report()
  local file = assert(io.open(report_path, 'w'))
  file:write(vim.fn.json_encode(report))
  file:close()
end

local function step(name)
  table.insert(report.steps, name)
end

--- Waits (processing events) until `condition()` is true; on timeout raises with what `seen()` says.
local function wait(what, condition, seen)
  if not vim.wait(timeout_ms, condition, 20) then
    error(string.format('timed out after %d ms waiting for %s; last seen: %s', timeout_ms, what, seen and seen() or '?'), 0)
  end
end

-- Set on VimEnter: the file given on the command line is only loaded after init.lua ran.
local bufnr

local function text_under(d)
  local line = vim.api.nvim_buf_get_lines(bufnr, d.lnum, d.lnum + 1, false)[1] or ''
  if d.end_lnum ~= d.lnum then return line:sub(d.col + 1) end
  return line:sub(d.col + 1, d.end_col)
end

--- The buffer's diagnostics as plain data: LSP code, severity (1 = error), text under the range.
local function diagnostics()
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local lsp = (d.user_data or {}).lsp or {}
    table.insert(out, { code = lsp.code or vim.NIL, severity = d.severity, line = d.lnum, col = d.col, text = text_under(d), source = d.source or vim.NIL })
  end
  table.sort(out, function(a, b) return a.line < b.line end)
  return out
end

local function summary()
  local parts = {}
  for _, d in ipairs(diagnostics()) do table.insert(parts, string.format('%s %s %s', d.severity, tostring(d.code), d.text)) end
  return '[' .. table.concat(parts, '; ') .. ']'
end

local function count(code)
  local n = 0
  for _, d in ipairs(diagnostics()) do if d.code == code then n = n + 1 end end
  return n
end

local function request(method, params)
  local responses, err = vim.lsp.buf_request_sync(bufnr, method, params, timeout_ms)
  if not responses then error(string.format('%s failed: %s', method, tostring(err)), 0) end
  for _, response in pairs(responses) do
    if response.error then error(string.format('%s: %s', method, vim.inspect(response.error)), 0) end
    return response.result
  end
  return nil
end

local function run()
  step('start')
  local client_id = vim.lsp.start_client({
    name = 'toolwire',
    cmd = { env.TOOLWIRE_E2E_NODE or 'node', assert(env.TOOLWIRE_E2E_SERVER, 'TOOLWIRE_E2E_SERVER is not set'), '--stdio' },
    root_dir = env.TOOLWIRE_E2E_ROOT,
    on_exit = function(code, signal) report.server_exit = { code = code, signal = signal } end,
  })
  assert(client_id, 'vim.lsp.start_client returned nil')
  assert(vim.lsp.buf_attach_client(bufnr, client_id), 'buf_attach_client failed')
  local client = vim.lsp.get_client_by_id(client_id)

  step('diagnostics')
  -- One problem, one diagnostic: com.example.orders.get keeps the shared name and has none.
  wait('2 toolwire problems (1 wire-collision, 1 not-invocable)', function()
    return count('wire-collision') == 1 and count('not-invocable') == 1
  end, summary)
  report.diagnostics = diagnostics()

  step('hover')
  local uri = vim.uri_from_bufnr(bufnr)
  -- The wire-collision sits on the second capability's name (ASCII: byte column = UTF-16 column);
  -- the first keeps the shared name and may carry only a hint.
  local first = nil
  for _, d in ipairs(report.diagnostics) do
    if d.code == 'wire-collision' then first = d; break end
  end
  assert(first, 'no wire-collision diagnostic')
  local hover = request('textDocument/hover', { textDocument = { uri = uri }, position = { line = first.line, character = first.col + 5 } })
  report.hover = hover and hover.contents and hover.contents.value or vim.NIL

  step('code actions')
  -- As vim.lsp.buf.code_action does in 0.7: the line's diagnostics turned back into LSP form
  -- (range, code, and the server's `data`, which carries the fix).
  local line
  for _, d in ipairs(report.diagnostics) do if d.code == 'not-invocable' then line = d.line end end
  assert(line, 'no not-invocable diagnostic')
  local target
  for _, d in ipairs(vim.lsp.diagnostic.get_line_diagnostics(bufnr, line)) do
    if d.code == 'not-invocable' then target = d end
  end
  assert(target, 'get_line_diagnostics has no not-invocable on line ' .. line)
  local actions = request('textDocument/codeAction', {
    textDocument = { uri = uri },
    range = target.range,
    context = { diagnostics = { target }, only = { 'quickfix' } },
  }) or {}
  report.actions = {}
  local chosen
  for _, action in ipairs(actions) do
    table.insert(report.actions, action.title)
    if action.title:find('^Add invocationName') and action.edit then chosen = action end
  end
  assert(chosen, 'no "Add invocationName" action among: ' .. table.concat(report.actions, ', '))

  step('apply')
  report.applied = chosen.title
  vim.lsp.util.apply_workspace_edit(chosen.edit, client.offset_encoding)
  wait('not-invocable to clear (the wire-collision stays)', function()
    return count('not-invocable') == 0 and count('wire-collision') == 1
  end, summary)
  report.after = diagnostics()
  report.text = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n')

  step('stop')
  vim.lsp.stop_client(client_id)
  wait('the server to exit', function() return report.server_exit ~= nil end)
  step('done')
end

local function main()
  bufnr = vim.api.nvim_get_current_buf()
  report.file = vim.api.nvim_buf_get_name(bufnr)
  local ok, err = pcall(run)
  if not ok then report.error = tostring(err) end
  write_report()
  vim.cmd(ok and 'qall!' or 'cquit 1')
end

vim.api.nvim_create_autocmd('VimEnter', { once = true, callback = main })
