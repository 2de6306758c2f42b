-- Driven by neovim_test.sh: Neovim's own LSP client (vim.lsp.start_client)
-- talks to `spellfilter lsp`; reads back the diagnostics and applies a code
-- action. Exits 0 on success; on failure prints why and exits 1.
local exe, en_us, programming, user, file = unpack(_G.spellfilter_args)

local function fail(msg)
  io.stderr:write("neovim_test: " .. msg .. "\n")
  vim.cmd("cquit 1")
end

vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({
  name = "spellfilter",
  cmd = { exe, "lsp", "-d", en_us, "--code-dict", programming, "--user", user },
  root_dir = vim.fn.fnamemodify(file, ":h"),
})
if not client_id then fail("start_client failed") end
vim.lsp.buf_attach_client(buf, client_id)

local function diagnostics()
  return vim.diagnostic.get(buf)
end
if not vim.wait(10000, function() return #diagnostics() == 2 end, 20) then
  fail("expected 2 diagnostics, got " .. vim.inspect(diagnostics()))
end
local d = diagnostics()
table.sort(d, function(a, b) return a.lnum < b.lnum end)
-- Line 0 is "😀 recieve the data": Neovim turns the UTF-16 column 3 into
-- the byte column 5.
if d[1].lnum ~= 0 or d[1].col ~= 5 or d[1].end_col ~= 12 then
  fail("first diagnostic at " .. vim.inspect(d[1]))
end
if d[2].lnum ~= 1 or not d[2].message:find("Nmae") then
  fail("second diagnostic " .. vim.inspect(d[2]))
end

-- Ask for the code actions of the first diagnostic and apply the first
-- suggestion, as :lua vim.lsp.buf.code_action() would.
local client = vim.lsp.get_client_by_id(client_id)
local lsp_diag = {
  range = {
    start = { line = 0, character = 3 },
    ["end"] = { line = 0, character = 10 },
  },
  source = "spellfilter",
  message = d[1].message,
}
local reply = client.request_sync("textDocument/codeAction", {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  range = lsp_diag.range,
  context = { diagnostics = { lsp_diag } },
}, 5000, buf)
if not reply or reply.err or not reply.result or #reply.result == 0 then
  fail("no code actions: " .. vim.inspect(reply))
end
local action = reply.result[1]
if action.title ~= 'Change to "receive"' then
  fail("first action " .. vim.inspect(action.title))
end
vim.lsp.util.apply_workspace_edit(action.edit, "utf-16")
local line = vim.api.nvim_buf_get_lines(buf, 0, 1, false)[1]
if line ~= "😀 receive the data" then fail("line after the fix: " .. line) end
-- The edit goes to the server as an incremental change; the diagnostic
-- goes away.
if not vim.wait(10000, function() return #diagnostics() == 1 end, 20) then
  fail("after the fix: " .. vim.inspect(diagnostics()))
end
-- The add-to-dictionary action of the remaining word runs its command on
-- the server.
local nmae = diagnostics()[1]
reply = client.request_sync("textDocument/codeAction", {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  range = { start = { line = 1, character = nmae.col },
            ["end"] = { line = 1, character = nmae.end_col } },
  context = { diagnostics = { {
    range = { start = { line = 1, character = nmae.col },
              ["end"] = { line = 1, character = nmae.end_col } },
    source = "spellfilter", message = nmae.message } } },
}, 5000, buf)
local add
for _, a in ipairs(reply.result or {}) do
  if a.command and a.command.command == "spellfilter.addToUserDictionary" then add = a end
end
if not add then fail("no add action: " .. vim.inspect(reply)) end
client.request_sync("workspace/executeCommand", add.command, 5000, buf)
if not vim.wait(10000, function() return #diagnostics() == 0 end, 20) then
  fail("after adding: " .. vim.inspect(diagnostics()))
end
client.stop()
vim.cmd("qall!")
