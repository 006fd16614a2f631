<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="en_US">
<context>
    <name>AgentList</name>
    <message>
        <location filename="../app/widgets/agents.py" line="40" />
        <source>Agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="40" />
        <source>Template</source>
        <translation>Template</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="40" />
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="40" />
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="64" />
        <source>running</source>
        <translation>running</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="66" />
        <source>error</source>
        <translation>error</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="67" />
        <source>idle</source>
        <translation>idle</translation>
    </message>
</context>
<context>
    <name>AgentsPage</name>
    <message>
        <location filename="../app/settings/agents_page.py" line="112" />
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="113" />
        <source>Template</source>
        <translation>Template</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="114" />
        <source>System prompt</source>
        <translation>System prompt</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="115" />
        <source>MCP servers</source>
        <translation>MCP servers</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="116" />
        <source>Connected agents</source>
        <translation>Connected agents</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="117" />
        <source>Built-in tools</source>
        <translation>Built-in tools</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="122" />
        <source>May ask me questions (ask_user_question)</source>
        <translation>May ask me questions (ask_user_question)</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="124" />
        <source>May run Python code on this computer (execute_code)</source>
        <translation>May run Python code on this computer (execute_code)</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="126" />
        <source>Add</source>
        <translation>Add</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="127" />
        <source>Edit</source>
        <translation>Edit</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="128" />
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="129" />
        <source>Paste Claude Desktop JSON…</source>
        <translation>Paste Claude Desktop JSON…</translation>
    </message>
</context>
<context>
    <name>CallProgress</name>
    <message>
        <location filename="../app/widgets/tool_progress.py" line="65" />
        <source>The server reports progress without a total</source>
        <translation>The server reports progress without a total</translation>
    </message>
    <message>
        <location filename="../app/widgets/tool_progress.py" line="67" />
        <source>{done} of {total}</source>
        <translation>{done} of {total}</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <location filename="../app/widgets/chat.py" line="109" />
        <source>working…</source>
        <translation>working…</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="110" />
        <source>Show earlier ({count})</source>
        <translation>Show earlier ({count})</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="201" />
        <source>Continuing the turn where it stopped.</source>
        <translation>Continuing the turn where it stopped.</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="207" />
        <source>Request passed on from {source}:</source>
        <translation>Request passed on from {source}:</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="212" />
        <source>Passed the request on to {to}.</source>
        <translation>Passed the request on to {to}.</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="218" />
        <source>Stopped.</source>
        <translation>Stopped.</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="220" />
        <source>Paused. Press Resume to continue.</source>
        <translation>Paused. Press Resume to continue.</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="226" />
        <source>The turn failed ({code}): {message}</source>
        <translation>The turn failed ({code}): {message}</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <location filename="../app/widgets/composer.py" line="60" />
        <source>Resume</source>
        <translation>Resume</translation>
    </message>
    <message>
        <location filename="../app/widgets/composer.py" line="60" />
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <location filename="../app/widgets/composer.py" line="65" />
        <source>Message the selected agent (Enter sends, Shift+Enter adds a line)</source>
        <translation>Message the selected agent (Enter sends, Shift+Enter adds a line)</translation>
    </message>
    <message>
        <location filename="../app/widgets/composer.py" line="67" />
        <source>Send</source>
        <translation>Send</translation>
    </message>
    <message>
        <location filename="../app/widgets/composer.py" line="68" />
        <source>Stop</source>
        <translation>Stop</translation>
    </message>
</context>
<context>
    <name>DemoBanner</name>
    <message>
        <location filename="../app/widgets/banner.py" line="25" />
        <source>This is the offline demo village. Muse's model is a script, not an AI: it takes one frame from the camera simulator and reports the picture's size and colours. To talk to a real model, open Settings, add a template and store its key.</source>
        <translation>This is the offline demo village. Muse's model is a script, not an AI: it takes one frame from the camera simulator and reports the picture's size and colours. To talk to a real model, open Settings, add a template and store its key.</translation>
    </message>
    <message>
        <location filename="../app/widgets/banner.py" line="30" />
        <source>Open Settings</source>
        <translation>Open Settings</translation>
    </message>
</context>
<context>
    <name>ElicitationCard</name>
    <message>
        <location filename="../app/widgets/elicitation.py" line="192" />
        <source>{agent}: the MCP server {server} asks you:</source>
        <translation>{agent}: the MCP server {server} asks you:</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation.py" line="196" />
        <source>Accept</source>
        <translation>Accept</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation.py" line="197" />
        <source>Decline</source>
        <translation>Decline</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation.py" line="198" />
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation.py" line="253" />
        <source>Check: {fields}</source>
        <translation>Check: {fields}</translation>
    </message>
</context>
<context>
    <name>HelpMenu</name>
    <message>
        <location filename="../app/widgets/help_menu.py" line="33" />
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <location filename="../app/widgets/help_menu.py" line="34" />
        <source>Open log folder</source>
        <translation>Open log folder</translation>
    </message>
    <message>
        <location filename="../app/widgets/help_menu.py" line="35" />
        <location filename="../app/widgets/help_menu.py" line="62" />
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <location filename="../app/widgets/help_menu.py" line="36" />
        <location filename="../app/widgets/help_menu.py" line="66" />
        <source>About Fuseforks</source>
        <translation>About Fuseforks</translation>
    </message>
    <message>
        <location filename="../app/widgets/help_menu.py" line="68" />
        <source>Fuseforks {version}

A village of AI agents that watch a camera through MCP tools.
Images returned by tools are sent to the model provider of the agent that called the tool. See PRIVACY.md for what is kept on disk.</source>
        <translation>Fuseforks {version}

A village of AI agents that watch a camera through MCP tools.
Images returned by tools are sent to the model provider of the agent that called the tool. See PRIVACY.md for what is kept on disk.</translation>
    </message>
</context>
<context>
    <name>ImagePreview</name>
    <message>
        <location filename="../app/widgets/preview.py" line="172" />
        <source>Save image…</source>
        <translation>Save image…</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="173" />
        <source>Copy</source>
        <translation>Copy</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="174" />
        <source>Click to open the full-size image</source>
        <translation>Click to open the full-size image</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="176" />
        <source>Loading image…</source>
        <translation>Loading image…</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="196" />
        <source>The image could not be decoded.</source>
        <translation>The image could not be decoded.</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="231" />
        <source>Save image</source>
        <translation>Save image</translation>
    </message>
</context>
<context>
    <name>LockedNotice</name>
    <message>
        <location filename="../app/instance.py" line="116" />
        <source>Fuseforks is already running on this data folder, but it did not answer. Close the other Fuseforks, then start again. (Lock file: {path})</source>
        <translation>Fuseforks is already running on this data folder, but it did not answer. Close the other Fuseforks, then start again. (Lock file: {path})</translation>
    </message>
    <message>
        <location filename="../app/instance.py" line="120" />
        <source>Fuseforks is already running on this data folder (process {pid}), but it did not answer. Close it, or end process {pid}, then start again. (Lock file: {path})</source>
        <translation>Fuseforks is already running on this data folder (process {pid}), but it did not answer. Close it, or end process {pid}, then start again. (Lock file: {path})</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../app/main_window.py" line="213" />
        <source>Fuseforks — {village}</source>
        <translation>Fuseforks — {village}</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="214" />
        <source>Agents</source>
        <translation>Agents</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="215" />
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="216" />
        <source>Tool calls</source>
        <translation>Tool calls</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="218" />
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="219" />
        <source>&amp;Settings…</source>
        <translation>&amp;Settings…</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="220" />
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="230" />
        <source>Error: {error}</source>
        <translation>Error: {error}</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="285" />
        <source>This agent is still working; press Stop first.</source>
        <translation>This agent is still working; press Stop first.</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="313" />
        <source>Pausing at the next step…</source>
        <translation>Pausing at the next step…</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="328" />
        <source>A paused turn is waiting. Press Resume to continue it.</source>
        <translation>A paused turn is waiting. Press Resume to continue it.</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="348" />
        <source>Stopping at the next step…</source>
        <translation>Stopping at the next step…</translation>
    </message>
</context>
<context>
    <name>Pager</name>
    <message>
        <location filename="../app/widgets/pager.py" line="266" />
        <source>Characters {first}–{last} of {total}</source>
        <translation>Characters {first}–{last} of {total}</translation>
    </message>
    <message>
        <location filename="../app/widgets/pager.py" line="284" />
        <source>The stored copy of this text is damaged: only what is shown here is available.</source>
        <translation>The stored copy of this text is damaged: only what is shown here is available.</translation>
    </message>
    <message>
        <location filename="../app/widgets/pager.py" line="289" />
        <source>The store is not open: only the first {count} characters are shown.</source>
        <translation>The store is not open: only the first {count} characters are shown.</translation>
    </message>
    <message>
        <location filename="../app/widgets/pager.py" line="294" />
        <source>This call was not found in the store: only the first {count} characters are shown.</source>
        <translation>This call was not found in the store: only the first {count} characters are shown.</translation>
    </message>
    <message>
        <location filename="../app/widgets/pager.py" line="296" />
        <source>The store could not be read: only the first {count} characters are shown.</source>
        <translation>The store could not be read: only the first {count} characters are shown.</translation>
    </message>
    <message>
        <location filename="../app/widgets/pager.py" line="301" />
        <source>First</source>
        <translation>First</translation>
    </message>
    <message>
        <location filename="../app/widgets/pager.py" line="302" />
        <source>Previous</source>
        <translation>Previous</translation>
    </message>
    <message>
        <location filename="../app/widgets/pager.py" line="303" />
        <source>Next</source>
        <translation>Next</translation>
    </message>
    <message>
        <location filename="../app/widgets/pager.py" line="304" />
        <source>Last</source>
        <translation>Last</translation>
    </message>
</context>
<context>
    <name>ProblemTexts</name>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="20" />
        <source>Required</source>
        <translation>Required</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="24" />
        <source>At least {n} characters</source>
        <translation>At least {n} characters</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="26" />
        <source>At most {n} characters</source>
        <translation>At most {n} characters</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="28" />
        <source>At least {n}</source>
        <translation>At least {n}</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="30" />
        <source>At most {n}</source>
        <translation>At most {n}</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="32" />
        <source>Choose at least {n}</source>
        <translation>Choose at least {n}</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="34" />
        <source>Choose at most {n}</source>
        <translation>Choose at most {n}</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="35" />
        <location filename="../app/widgets/elicitation_problems.py" line="46" />
        <source>Not a valid value</source>
        <translation>Not a valid value</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="39" />
        <source>Enter an email address, like name@example.com</source>
        <translation>Enter an email address, like name@example.com</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="41" />
        <source>Enter an address with its scheme, like https://example.com</source>
        <translation>Enter an address with its scheme, like https://example.com</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="43" />
        <source>Enter a date as YYYY-MM-DD</source>
        <translation>Enter a date as YYYY-MM-DD</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="45" />
        <source>Enter a date and time as YYYY-MM-DDThh:mm</source>
        <translation>Enter a date and time as YYYY-MM-DDThh:mm</translation>
    </message>
</context>
<context>
    <name>QuestionCard</name>
    <message>
        <location filename="../app/widgets/question.py" line="95" />
        <source>{agent} asks you:</source>
        <translation>{agent} asks you:</translation>
    </message>
    <message>
        <location filename="../app/widgets/question.py" line="96" />
        <source>Type your answer</source>
        <translation>Type your answer</translation>
    </message>
    <message>
        <location filename="../app/widgets/question.py" line="97" />
        <source>Answer</source>
        <translation>Answer</translation>
    </message>
    <message>
        <location filename="../app/widgets/question.py" line="98" />
        <source>Decline</source>
        <translation>Decline</translation>
    </message>
</context>
<context>
    <name>RootsEditor</name>
    <message>
        <location filename="../app/settings/server_roots.py" line="66" />
        <source>Folders this server may see (MCP roots); none: it is told of no folder</source>
        <translation>Folders this server may see (MCP roots); none: it is told of no folder</translation>
    </message>
    <message>
        <location filename="../app/settings/server_roots.py" line="67" />
        <source>Add folder…</source>
        <translation>Add folder…</translation>
    </message>
    <message>
        <location filename="../app/settings/server_roots.py" line="68" />
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <location filename="../app/settings/server_roots.py" line="107" />
        <source>Choose a folder</source>
        <translation>Choose a folder</translation>
    </message>
</context>
<context>
    <name>SamplingCard</name>
    <message>
        <location filename="../app/widgets/sampling_card.py" line="76" />
        <source>{agent}: the MCP server {server} asks to use this agent's model:</source>
        <translation>{agent}: the MCP server {server} asks to use this agent's model:</translation>
    </message>
    <message>
        <location filename="../app/widgets/sampling_card.py" line="81" />
        <source>At most {tokens} tokens</source>
        <translation>At most {tokens} tokens</translation>
    </message>
    <message>
        <location filename="../app/widgets/sampling_card.py" line="82" />
        <source>Approve</source>
        <translation>Approve</translation>
    </message>
    <message>
        <location filename="../app/widgets/sampling_card.py" line="83" />
        <source>Deny</source>
        <translation>Deny</translation>
    </message>
    <message>
        <location filename="../app/widgets/sampling_card.py" line="87" />
        <source>user</source>
        <translation>user</translation>
    </message>
    <message>
        <location filename="../app/widgets/sampling_card.py" line="87" />
        <source>assistant</source>
        <translation>assistant</translation>
    </message>
    <message>
        <location filename="../app/widgets/sampling_card.py" line="90" />
        <source>System prompt: {text}</source>
        <translation>System prompt: {text}</translation>
    </message>
    <message>
        <location filename="../app/widgets/sampling_card.py" line="94" />
        <source>[{count} image(s)]</source>
        <translation>[{count} image(s)]</translation>
    </message>
</context>
<context>
    <name>ServerEditor</name>
    <message>
        <location filename="../app/settings/server_editor.py" line="86" />
        <source>Apply</source>
        <translation>Apply</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="88" />
        <source>Sign out</source>
        <translation>Sign out</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="90" />
        <source>server name (letters, digits, _ and -)</source>
        <translation>server name (letters, digits, _ and -)</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="93" />
        <source>Paste the whole Claude Desktop block {"mcpServers": {…}}; the servers are added to this agent.</source>
        <translation>Paste the whole Claude Desktop block {"mcpServers": {…}}; the servers are added to this agent.</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="97" />
        <source>One server as JSON: {"command": …, "args": […]} or {"type": "http", "url": …}. No secrets here: write ${secret:NAME} and store NAME in the keyring.</source>
        <translation>One server as JSON: {"command": …, "args": […]} or {"type": "http", "url": …}. No secrets here: write ${secret:NAME} and store NAME in the keyring.</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="140" />
        <source>Forget this server's sign-in (the OAuth tokens in the OS keyring)</source>
        <translation>Forget this server's sign-in (the OAuth tokens in the OS keyring)</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="142" />
        <source>Not signed in to this server</source>
        <translation>Not signed in to this server</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="163" />
        <source>a server needs a name and a JSON object</source>
        <translation>a server needs a name and a JSON object</translation>
    </message>
</context>
<context>
    <name>ServerPanel</name>
    <message>
        <location filename="../app/widgets/servers.py" line="211" />
        <source>MCP servers</source>
        <translation>MCP servers</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="212" />
        <source>This agent has no MCP servers.</source>
        <translation>This agent has no MCP servers.</translation>
    </message>
</context>
<context>
    <name>ServerRow</name>
    <message>
        <location filename="../app/widgets/servers.py" line="131" />
        <source>connected</source>
        <translation>connected</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="133" />
        <source>off</source>
        <translation>off</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="135" />
        <source>connecting…</source>
        <translation>connecting…</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="139" />
        <source>failed · reconnecting in {seconds} s</source>
        <translation>failed · reconnecting in {seconds} s</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="140" />
        <source>failed · reconnecting…</source>
        <translation>failed · reconnecting…</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="141" />
        <source>failed</source>
        <translation>failed</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="148" />
        <source>Reconnect</source>
        <translation>Reconnect</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="149" />
        <source>Reconnect {server}</source>
        <translation>Reconnect {server}</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="153" />
        <source>Reason: {error}</source>
        <translation>Reason: {error}</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="156" />
        <source>Tools ({count})</source>
        <translation>Tools ({count})</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../app/settings/dialog.py" line="121" />
        <source>Settings</source>
        <translation>Settings</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="122" />
        <source>Templates</source>
        <translation>Templates</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="123" />
        <source>Agents</source>
        <translation>Agents</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="124" />
        <source>Village</source>
        <translation>Village</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="129" />
        <source>Village name</source>
        <translation>Village name</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="129" />
        <source>Language</source>
        <translation>Language</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="129" />
        <source>Image results</source>
        <translation>Image results</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="133" />
        <source>Send images returned by MCP tools to the model</source>
        <translation>Send images returned by MCP tools to the model</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="136" />
        <source>Images returned by tools are sent to the model provider of the agent that called the tool.</source>
        <translation>Images returned by tools are sent to the model provider of the agent that called the tool.</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="139" />
        <source>Save</source>
        <translation>Save</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="140" />
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="163" />
        <source>(file)</source>
        <translation>(file)</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="218" />
        <source>could not write {path}: {error}</source>
        <translation>could not write {path}: {error}</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="222" />
        <source>Saved ✓</source>
        <translation>Saved ✓</translation>
    </message>
</context>
<context>
    <name>SignInLinkDialog</name>
    <message>
        <location filename="../app/widgets/sign_in_link.py" line="56" />
        <source>Sign in to an MCP server</source>
        <translation>Sign in to an MCP server</translation>
    </message>
    <message>
        <location filename="../app/widgets/sign_in_link.py" line="59" />
        <source>No browser could be opened. Open this link in a browser on this computer to sign in; the agent connects once you have signed in.</source>
        <translation>No browser could be opened. Open this link in a browser on this computer to sign in; the agent connects once you have signed in.</translation>
    </message>
    <message>
        <location filename="../app/widgets/sign_in_link.py" line="63" />
        <source>Copy link</source>
        <translation>Copy link</translation>
    </message>
    <message>
        <location filename="../app/widgets/sign_in_link.py" line="64" />
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <location filename="../app/widgets/sign_in_link.py" line="73" />
        <source>Copied</source>
        <translation>Copied</translation>
    </message>
</context>
<context>
    <name>StoreNotice</name>
    <message>
        <location filename="../app/widgets/store_notice.py" line="83" />
        <source>Your conversation history could not be opened: the file was damaged and was set aside as {file}. New conversations are saved in a fresh store; the damaged file and the saved results stay in the data folder (keep them for a recovery or a bug report).</source>
        <translation>Your conversation history could not be opened: the file was damaged and was set aside as {file}. New conversations are saved in a fresh store; the damaged file and the saved results stay in the data folder (keep them for a recovery or a bug report).</translation>
    </message>
    <message>
        <location filename="../app/widgets/store_notice.py" line="89" />
        <source>Your conversation history was not found: {file} is missing from the data folder, though results of earlier conversations are still there. Past conversations are not shown and new ones start a fresh store. If you moved or restored the data folder, quit the app and put {file} back.</source>
        <translation>Your conversation history was not found: {file} is missing from the data folder, though results of earlier conversations are still there. Past conversations are not shown and new ones start a fresh store. If you moved or restored the data folder, quit the app and put {file} back.</translation>
    </message>
    <message>
        <location filename="../app/widgets/store_notice.py" line="96" />
        <source>Running without history: the data folder {folder} could not be used ({detail}). Nothing from this session is saved and past conversations are not shown. Make sure the folder exists and is writable, then restart the app.</source>
        <translation>Running without history: the data folder {folder} could not be used ({detail}). Nothing from this session is saved and past conversations are not shown. Make sure the folder exists and is writable, then restart the app.</translation>
    </message>
    <message>
        <location filename="../app/widgets/store_notice.py" line="101" />
        <source>Saving failed ({detail}): this turn is not saved and will be missing from your history after a restart; the chat goes on. Free disk space or check that the data folder is writable.</source>
        <translation>Saving failed ({detail}): this turn is not saved and will be missing from your history after a restart; the chat goes on. Free disk space or check that the data folder is writable.</translation>
    </message>
    <message>
        <location filename="../app/widgets/store_notice.py" line="120" />
        <source>Open data folder</source>
        <translation>Open data folder</translation>
    </message>
    <message>
        <location filename="../app/widgets/store_notice.py" line="121" />
        <source>Dismiss</source>
        <translation>Dismiss</translation>
    </message>
</context>
<context>
    <name>TemplatesPage</name>
    <message>
        <location filename="../app/settings/templates_page.py" line="151" />
        <source>Add</source>
        <translation>Add</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="152" />
        <source>Duplicate</source>
        <translation>Duplicate</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="153" />
        <source>Delete</source>
        <translation>Delete</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="157" />
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="158" />
        <source>Protocol</source>
        <translation>Protocol</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="159" />
        <source>Base URL</source>
        <translation>Base URL</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="160" />
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="161" />
        <source>Tools</source>
        <translation>Tools</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="162" />
        <source>Images</source>
        <translation>Images</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="163" />
        <source>Keyring entry</source>
        <translation>Keyring entry</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="168" />
        <source>Send tools to the model</source>
        <translation>Send tools to the model</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="169" />
        <source>The model reads images</source>
        <translation>The model reads images</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="170" />
        <source>empty: this endpoint needs no key</source>
        <translation>empty: this endpoint needs no key</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="171" />
        <source>API key (stored only in the OS keyring)</source>
        <translation>API key (stored only in the OS keyring)</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="172" />
        <source>Paste the key here; it is never shown again</source>
        <translation>Paste the key here; it is never shown again</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="173" />
        <source>Store key</source>
        <translation>Store key</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="174" />
        <source>Delete key</source>
        <translation>Delete key</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="175" />
        <source>Keep the key for this session only</source>
        <translation>Keep the key for this session only</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="249" />
        <source>for example {model}</source>
        <translation>for example {model}</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="258" />
        <source>New template</source>
        <translation>New template</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="266" />
        <source>copy</source>
        <translation>copy</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="279" />
        <source>used by {agents}; choose another template for them first</source>
        <translation>used by {agents}; choose another template for them first</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="295" />
        <source>No key needed (no keyring entry named)</source>
        <translation>No key needed (no keyring entry named)</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="297" />
        <source>Key present (kept for this session only)</source>
        <translation>Key present (kept for this session only)</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="299" />
        <source>Key present in the OS keyring</source>
        <translation>Key present in the OS keyring</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="301" />
        <source>No key stored</source>
        <translation>No key stored</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="329" />
        <source>No OS keyring is available on this system, so the key cannot be stored. You can keep it in memory for this session only; it is forgotten when the app closes.</source>
        <translation>No OS keyring is available on this system, so the key cannot be stored. You can keep it in memory for this session only; it is forgotten when the app closes.</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="353" />
        <source>The OS keyring could not be reached.</source>
        <translation>The OS keyring could not be reached.</translation>
    </message>
</context>
<context>
    <name>ToolPanel</name>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="271" />
        <source>Show earlier ({count})</source>
        <translation>Show earlier ({count})</translation>
    </message>
</context>
<context>
    <name>ToolRow</name>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="165" />
        <source>{seconds} s</source>
        <translation>{seconds} s</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="212" />
        <source>running…</source>
        <translation>running…</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="213" />
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="213" />
        <source>error</source>
        <translation>error</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="216" />
        <source>Input</source>
        <translation>Input</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="217" />
        <source>Output</source>
        <translation>Output</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="218" />
        <source>Shown to you only (not sent to the model)</source>
        <translation>Shown to you only (not sent to the model)</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="226" />
        <source>Show or hide the exact input and output</source>
        <translation>Show or hide the exact input and output</translation>
    </message>
</context>
</TS>