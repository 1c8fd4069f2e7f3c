-- End-to-end: Neovim's built-in LSP client (0.7 API: start_client and
-- buf_attach_client) against `aortalint lsp`. Opens a bad recipe and a bad
-- payload, records what it received, applies a quick fix to each and checks
-- the diagnostic is gone. Driven by tests/lsp_nvim_test.sh.
local bin = os.getenv('AORTALINT')
local dir = os.getenv('WORKDIR')
local out = os.getenv('RESULT')
local report = { received = {} }

local function finish(code, why)
  report.ok = code == 0
  report.error = why
  local f = io.open(out, 'w')
  f:write(vim.fn.json_encode(report))
  f:close()
  vim.cmd('cquit ' .. code)
end

local function check(cond, why)
  if not cond then finish(1, why) end
end

local function codes(buf)
  local out_codes = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local lsp = d.user_data and d.user_data.lsp or {}
    out_codes[#out_codes + 1] = d.code or lsp.code
  end
  return out_codes
end

local function has(buf, code)
  return vim.tbl_contains(codes(buf), code)
end

local function record(name, buf)
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local lsp = d.user_data and d.user_data.lsp or {}
    list[#list + 1] = {
      code = d.code or lsp.code, message = d.message, source = d.source, severity = d.severity,
      lnum = d.lnum, col = d.col, end_col = d.end_col,
      href = lsp.codeDescription and lsp.codeDescription.href or nil,
      related = lsp.relatedInformation and #lsp.relatedInformation or 0,
    }
  end
  report.received[name] = list
end

-- The raw LSP diagnostic of `code`, as the server sent it.
local function lsp_diagnostic(buf, code)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local lsp = d.user_data and d.user_data.lsp
    if lsp and lsp.code == code then return d, lsp end
  end
end

-- Asks for the code actions at `code`'s diagnostic and applies the one `pick` chooses.
local function apply_action(buf, code, pick)
  local d = lsp_diagnostic(buf, code)
  check(d ~= nil, 'no ' .. code .. ' diagnostic')
  -- As vim.lsp.buf.code_action does: the cursor's range and the line's diagnostics.
  vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col })
  local params = vim.lsp.util.make_range_params()
  params.context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(buf) }
  local replies = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, 5000)
  check(replies ~= nil, 'codeAction timed out')
  local titles = {}
  local chosen
  for _, reply in pairs(replies) do
    check(reply.error == nil and reply.err == nil, 'codeAction failed: ' .. vim.inspect(reply.error or reply.err))
    for _, action in ipairs(reply.result or {}) do
      titles[#titles + 1] = action.title
      if not chosen and pick(action) then chosen = action end
    end
  end
  report.actions = report.actions or {}
  report.actions[code] = titles
  check(chosen ~= nil, 'no suitable code action for ' .. code)
  vim.lsp.util.apply_workspace_edit(chosen.edit, 'utf-16')
  report.applied = report.applied or {}
  report.applied[code] = chosen.title
  return d
end

-- Started as VS Code's client and most generic ones start servers: with --stdio; --log keeps a trace.
local log = dir .. '/lsp-trace.log'
local client_id = vim.lsp.start_client({ name = 'aortalint', cmd = { bin, 'lsp', '--stdio', '--log', log }, root_dir = dir })
check(client_id ~= nil, 'could not start the server')

-- The recipe: COL003 sits after non-ASCII text on its line.
vim.cmd('edit ' .. dir .. '/recipe.yaml')
local recipe = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(recipe, client_id)
check(vim.wait(10000, function() return has(recipe, 'COL003') end, 20), 'no COL003 on the recipe')
record('recipe.yaml', recipe)
local client = vim.lsp.get_client_by_id(client_id)
report.server_capabilities = client.server_capabilities or client.resolved_capabilities
local d = lsp_diagnostic(recipe, 'COL003')
local line = vim.api.nvim_buf_get_lines(recipe, d.lnum, d.lnum + 1, false)[1]
-- Neovim turned the server's UTF-16 column into a byte column: it must land on `true`.
check(line:sub(d.col + 1, d.end_col) == 'true', 'COL003 column is off: ' .. line .. ' @' .. d.col)
apply_action(recipe, 'COL003', function(a) return a.title == 'quote the value' end)
report.recipe_after = vim.api.nvim_buf_get_lines(recipe, 0, -1, false)
check(vim.wait(10000, function() return not has(recipe, 'COL003') end, 20), 'COL003 still there after the fix')

-- The payload: torch before Proton (PAY001); its fix moves the import.
vim.cmd('edit ' .. dir .. '/payload.py')
local payload = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(payload, client_id)
check(vim.wait(10000, function() return has(payload, 'PAY001') end, 20), 'no PAY001 on the payload')
record('payload.py', payload)
apply_action(payload, 'PAY001', function(a) return a.title:find('^suppress') == nil end)
report.payload_after = vim.api.nvim_buf_get_lines(payload, 0, -1, false)
check(vim.wait(10000, function() return not has(payload, 'PAY001') end, 20), 'PAY001 still there after the fix')

-- A GitHub workflow is YAML but no recipe: the server leaves it alone, as `check` does.
vim.fn.mkdir(dir .. '/.github/workflows', 'p')
vim.fn.writefile({ 'name: ci', 'on: [push]', 'jobs:', '  lint:', '    runs-on: ubuntu-latest' },
                 dir .. '/.github/workflows/ci.yaml')
vim.cmd('edit ' .. dir .. '/.github/workflows/ci.yaml')
local workflow = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(workflow, client_id)
local function logged(what)
  local f = io.open(log, 'r')
  if not f then return false end
  local text = f:read('*a')
  f:close()
  return text:find(what, 1, true) ~= nil
end
check(vim.wait(10000, function() return logged('workflows/ci.yaml') end, 20), 'the --log trace does not show the workflow opened')
vim.wait(300)
check(#vim.diagnostic.get(workflow) == 0, 'the server linted a GitHub workflow as a recipe')
report.workflow_diagnostics = #vim.diagnostic.get(workflow)
report.log_has_initialize = logged('"method":"initialize"')
check(report.log_has_initialize, 'the --log trace lacks the initialize request')

vim.lsp.stop_client(client_id)
vim.wait(2000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 20)
finish(0, nil)
