-- Drives Neovim's built-in LSP client against `dplint lsp --stdio` (test/lsp/neovim.test.ts):
-- opens a cluster file with a known mistake, waits for dplint's diagnostics, applies the preferred
-- quick fix, waits for the diagnostics of the fixed text, and writes what it saw as JSON.
-- Every wait is for a condition (vim.wait), bounded generously; none is a fixed sleep.
local root = os.getenv('DPLINT_NVIM_ROOT')
local dplint = os.getenv('DPLINT_NVIM_BIN')
local out = os.getenv('DPLINT_NVIM_OUT')
local results = { steps = {} }

local function finish()
  local file = io.open(out, 'w')
  file:write(vim.fn.json_encode(results))
  file:close()
  vim.cmd('qa!')
end

local function fail(step)
  results.failed = step
  finish()
end

local function seen(bufnr)
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local lsp = d.user_data and d.user_data.lsp or {}
    table.insert(list, {
      lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
      severity = d.severity, source = d.source, message = d.message, code = d.code or lsp.code,
    })
  end
  table.sort(list, function(a, b) return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
  return list
end

vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/clusters/etl.yaml'))
local bufnr = vim.api.nvim_get_current_buf()
local config = { name = 'dplint', cmd = { 'node', dplint, 'lsp', '--stdio' }, root_dir = root }
if vim.lsp.start then
  vim.lsp.start(config)
else
  -- Neovim 0.7 has no vim.lsp.start: the same in two steps.
  vim.lsp.buf_attach_client(bufnr, vim.lsp.start_client(config))
end

if not vim.wait(90000, function() return #vim.diagnostic.get(bufnr) > 0 end, 20) then return fail('no diagnostics') end
results.diagnostics = seen(bufnr)

local params = {
  textDocument = { uri = vim.uri_from_bufnr(bufnr) },
  range = { start = { line = 2, character = 14 }, ['end'] = { line = 2, character = 14 } },
  context = { diagnostics = {}, only = { 'quickfix' } },
}
local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', params, 90000) or {}
local preferred
for _, response in pairs(responses) do
  for _, action in ipairs(response.result or {}) do
    table.insert(results.steps, action.title)
    if action.isPreferred and not preferred then preferred = action end
  end
end
if not preferred then return fail('no preferred quick fix') end
vim.lsp.util.apply_workspace_edit(preferred.edit, 'utf-16')
results.fixed_line = vim.api.nvim_buf_get_lines(bufnr, 2, 3, false)[1]

local before = #results.diagnostics
if not vim.wait(90000, function() return #vim.diagnostic.get(bufnr) == before - 1 end, 20) then return fail('diagnostics not updated after the fix') end
results.after = seen(bufnr)
finish()
