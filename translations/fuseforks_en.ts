<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="en_US">
<context>
    <name>AcceptanceDialog</name>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="121" />
        <source>Acceptance report</source>
        <translation>Acceptance report</translation>
    </message>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="122" />
        <source>Log: {path}</source>
        <translation>Log: {path}</translation>
    </message>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="123" />
        <source>&amp;From:</source>
        <translation>&amp;From:</translation>
    </message>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="124" />
        <source>HH:MM or YYYY-MM-DD HH:MM; empty: the whole log</source>
        <translation>HH:MM or YYYY-MM-DD HH:MM; empty: the whole log</translation>
    </message>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="127" />
        <source>Refresh</source>
        <translation>Refresh</translation>
    </message>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="128" />
        <source>Copy</source>
        <translation>Copy</translation>
    </message>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="129" />
        <source>Open log folder</source>
        <translation>Open log folder</translation>
    </message>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="130" />
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="133" />
        <source>Not a time: {text} (HH:MM[:SS], YYYY-MM-DD HH:MM[:SS] or ISO 8601)</source>
        <translation>Not a time: {text} (HH:MM[:SS], YYYY-MM-DD HH:MM[:SS] or ISO 8601)</translation>
    </message>
</context>
<context>
    <name>AcceptanceTable</name>
    <message>
        <location filename="../app/acceptance.py" line="43" />
        <source>item</source>
        <translation>item</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="44" />
        <source>protocol</source>
        <translation>protocol</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="45" />
        <source>verdict</source>
        <translation>verdict</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="46" />
        <source>growth</source>
        <translation>growth</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="47" />
        <source>problems</source>
        <translation>problems</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="50" />
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="51" />
        <source>failed</source>
        <translation>failed</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="52" />
        <source>not run</source>
        <translation>not run</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="53" />
        <source>manual</source>
        <translation>manual</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="55" />
        <source>In the window, open the tool row of a camera turn: it ends with {line}</source>
        <translation>In the window, open the tool row of a camera turn: it ends with {line}</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="58" />
        <source>cannot read the log {path}: {error}</source>
        <translation>cannot read the log {path}: {error}</translation>
    </message>
</context>
<context>
    <name>AgentList</name>
    <message>
        <location filename="../app/widgets/agents.py" line="75" />
        <source>Agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="76" />
        <source>Template</source>
        <translation>Template</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="77" />
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="78" />
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="79" />
        <source>Context</source>
        <translation>Context</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="123" />
        <source>running</source>
        <translation>running</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="125" />
        <source>error</source>
        <translation>error</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="126" />
        <source>idle</source>
        <translation>idle</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="160" />
        <source>{percent} %</source>
        <translation>{percent} %</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="146" />
        <source>{used} of {budget} tokens of the context budget</source>
        <translation>{used} of {budget} tokens of the context budget</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="149" />
        <source>earlier turns left out: {count}</source>
        <translation>earlier turns left out: {count}</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="151" />
        <source>no earlier turn left out</source>
        <translation>no earlier turn left out</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="156" />
        <source>last turn: {percent} % of its input read from the cache</source>
        <translation>last turn: {percent} % of its input read from the cache</translation>
    </message>
</context>
<context>
    <name>AgentsPage</name>
    <message>
        <location filename="../app/settings/agents_page.py" line="161" />
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="162" />
        <source>Template</source>
        <translation>Template</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="163" />
        <source>System prompt</source>
        <translation>System prompt</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="156" />
        <location filename="../app/settings/agents_page.py" line="164" />
        <source>MCP servers</source>
        <translation>MCP servers</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="155" />
        <source>Agents</source>
        <translation>Agents</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="160" />
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="165" />
        <source>Connected agents</source>
        <translation>Connected agents</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="166" />
        <source>Built-in tools</source>
        <translation>Built-in tools</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="167" />
        <source>Context</source>
        <translation>Context</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="173" />
        <source>Summarize earlier turns left out to fit the model (one more model call)</source>
        <translation>Summarize earlier turns left out to fit the model (one more model call)</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="175" />
        <source>May ask me questions (ask_user_question)</source>
        <translation>May ask me questions (ask_user_question)</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="177" />
        <source>May start watching a camera when I ask, after I confirm (watch_camera)</source>
        <translation>May start watching a camera when I ask, after I confirm (watch_camera)</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="180" />
        <source>May run Python code on this computer (execute_code)</source>
        <translation>May run Python code on this computer (execute_code)</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="182" />
        <source>Add agent</source>
        <translation>Add agent</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="183" />
        <location filename="../app/settings/agents_page.py" line="282" />
        <source>Remove agent</source>
        <translation>Remove agent</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="184" />
        <source>Add</source>
        <translation>Add</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="185" />
        <source>Edit</source>
        <translation>Edit</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="186" />
        <location filename="../app/settings/agents_page.py" line="291" />
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="187" />
        <source>Paste Claude Desktop JSON…</source>
        <translation>Paste Claude Desktop JSON…</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="268" />
        <source>New agent</source>
        <translation>New agent</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="284" />
        <source>Remove {name} ({id})? Its conversations stay in the store.</source>
        <translation>Remove {name} ({id})? Its conversations stay in the store.</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="288" />
        <source>Its running turn is stopped when you save.</source>
        <translation>Its running turn is stopped when you save.</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="292" />
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="318" />
        <source>Letters, digits, _ and - (at most 48)</source>
        <translation>Letters, digits, _ and - (at most 48)</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="320" />
        <source>Another agent has this id</source>
        <translation>Another agent has this id</translation>
    </message>
</context>
<context>
    <name>Bubble</name>
    <message>
        <location filename="../app/widgets/bubble.py" line="102" />
        <source>Retry</source>
        <translation>Retry</translation>
    </message>
    <message>
        <location filename="../app/widgets/bubble.py" line="103" />
        <source>Send the same request again</source>
        <translation>Send the same request again</translation>
    </message>
    <message>
        <location filename="../app/widgets/bubble.py" line="105" />
        <source>Open Settings</source>
        <translation>Open Settings</translation>
    </message>
    <message>
        <location filename="../app/widgets/bubble.py" line="106" />
        <source>Enter or correct the provider's key</source>
        <translation>Enter or correct the provider's key</translation>
    </message>
</context>
<context>
    <name>BusyIndicator</name>
    <message>
        <location filename="../app/widgets/busy.py" line="131" />
        <source>working…</source>
        <translation>working…</translation>
    </message>
    <message>
        <location filename="../app/widgets/busy.py" line="136" />
        <source>Retrying in {seconds} s, attempt {attempt}/{attempts}</source>
        <translation>Retrying in {seconds} s, attempt {attempt}/{attempts}</translation>
    </message>
    <message>
        <location filename="../app/widgets/busy.py" line="138" />
        <source>Retrying now, attempt {attempt}/{attempts}</source>
        <translation>Retrying now, attempt {attempt}/{attempts}</translation>
    </message>
    <message>
        <location filename="../app/widgets/busy.py" line="141" />
        <source>the provider limits the request rate</source>
        <translation>the provider limits the request rate</translation>
    </message>
    <message>
        <location filename="../app/widgets/busy.py" line="142" />
        <source>the provider is overloaded</source>
        <translation>the provider is overloaded</translation>
    </message>
    <message>
        <location filename="../app/widgets/busy.py" line="143" />
        <source>the provider had an error</source>
        <translation>the provider had an error</translation>
    </message>
    <message>
        <location filename="../app/widgets/busy.py" line="144" />
        <source>the provider did not answer in time</source>
        <translation>the provider did not answer in time</translation>
    </message>
    <message>
        <location filename="../app/widgets/busy.py" line="145" />
        <source>the connection failed</source>
        <translation>the connection failed</translation>
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
        <location filename="../app/widgets/chat.py" line="150" />
        <source>Show earlier ({count})</source>
        <translation>Show earlier ({count})</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="308" />
        <source>Continuing the turn where it stopped.</source>
        <translation>Continuing the turn where it stopped.</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="315" />
        <source>Request passed on from {source}:</source>
        <translation>Request passed on from {source}:</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="321" />
        <source>Passed the request on to {to}.</source>
        <translation>Passed the request on to {to}.</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="327" />
        <source>Stopped.</source>
        <translation>Stopped.</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="329" />
        <source>Paused. Press Resume to continue.</source>
        <translation>Paused. Press Resume to continue.</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="336" />
        <source>The turn failed ({code}): {message}</source>
        <translation>The turn failed ({code}): {message}</translation>
    </message>
</context>
<context>
    <name>CompanionResume</name>
    <message>
        <location filename="../app/web_resume.py" line="32" />
        <source>The web companion was on but could not start again: {error}</source>
        <translation>The web companion was on but could not start again: {error}</translation>
    </message>
    <message>
        <location filename="../app/web_resume.py" line="39" />
        <source>The web companion's remembered switch could not be read ({problem}). It is off; the file was kept as {path}.</source>
        <translation>The web companion's remembered switch could not be read ({problem}). It is off; the file was kept as {path}.</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <location filename="../app/widgets/composer.py" line="61" />
        <source>Resume</source>
        <translation>Resume</translation>
    </message>
    <message>
        <location filename="../app/widgets/composer.py" line="61" />
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <location filename="../app/widgets/composer.py" line="65" />
        <source>Message</source>
        <translation>Message</translation>
    </message>
    <message>
        <location filename="../app/widgets/composer.py" line="67" />
        <source>Message the selected agent (Enter sends, Shift+Enter adds a line)</source>
        <translation>Message the selected agent (Enter sends, Shift+Enter adds a line)</translation>
    </message>
    <message>
        <location filename="../app/widgets/composer.py" line="69" />
        <source>Send</source>
        <translation>Send</translation>
    </message>
    <message>
        <location filename="../app/widgets/composer.py" line="70" />
        <source>Stop</source>
        <translation>Stop</translation>
    </message>
</context>
<context>
    <name>ConnectionTest</name>
    <message>
        <location filename="../app/settings/connection_test.py" line="90" />
        <source>Cancel test</source>
        <translation>Cancel test</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="90" />
        <source>Test connection</source>
        <translation>Test connection</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="91" />
        <source>with a picture (vision check)</source>
        <translation>with a picture (vision check)</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="92" />
        <source>Sends a frame of the demo camera and asks the model what it shows</source>
        <translation>Sends a frame of the demo camera and asks the model what it shows</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="119" />
        <source>Test cancelled.</source>
        <translation>Test cancelled.</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="126" />
        <source>Fix the template first: {problems}</source>
        <translation>Fix the template first: {problems}</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="130" />
        <source>The offline demo needs no connection: it answers on this computer.</source>
        <translation>The offline demo needs no connection: it answers on this computer.</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="137" />
        <source>No key is stored under the keyring entry "{entry}": paste it below and press Store key.</source>
        <translation>No key is stored under the keyring entry "{entry}": paste it below and press Store key.</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="150" />
        <source>Sending a test request to {url} …</source>
        <translation>Sending a test request to {url} …</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="170" />
        <source>Connected in {seconds} s, but the model answered with no text.</source>
        <translation>Connected in {seconds} s, but the model answered with no text.</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="177" />
        <source>Connected in {seconds} s. The model answered: {answer}</source>
        <translation>Connected in {seconds} s. The model answered: {answer}</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="187" />
        <source>The provider refused the request: HTTP {status}{code}: {message}</source>
        <translation>The provider refused the request: HTTP {status}{code}: {message}</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="191" />
        <source>{url} could not be reached: {error}</source>
        <translation>{url} could not be reached: {error}</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="193" />
        <source>The answer could not be read: {error}</source>
        <translation>The answer could not be read: {error}</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="195" />
        <source>The test failed: {error}</source>
        <translation>The test failed: {error}</translation>
    </message>
</context>
<context>
    <name>ConversationList</name>
    <message>
        <location filename="../app/widgets/conversations.py" line="141" />
        <location filename="../app/widgets/conversations.py" line="150" />
        <location filename="../app/widgets/conversations.py" line="248" />
        <source>New conversation</source>
        <translation>New conversation</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="147" />
        <source>{turns} requests</source>
        <translation>{turns} requests</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="170" />
        <source>Earlier conversations</source>
        <translation>Earlier conversations</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="180" />
        <source>Kept from before conversations belonged to a configuration: open one to use it here.</source>
        <translation>Kept from before conversations belonged to a configuration: open one to use it here.</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="245" />
        <location filename="../app/widgets/conversations.py" line="253" />
        <source>Conversations</source>
        <translation>Conversations</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="246" />
        <source>New</source>
        <translation>New</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="247" />
        <source>New conversation (Ctrl+N)</source>
        <translation>New conversation (Ctrl+N)</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="249" />
        <source>Search titles and messages</source>
        <translation>Search titles and messages</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="250" />
        <source>Search conversations</source>
        <translation>Search conversations</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="252" />
        <source>Clear the search</source>
        <translation>Clear the search</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="254" />
        <source>Rename</source>
        <translation>Rename</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="255" />
        <source>Delete</source>
        <translation>Delete</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="256" />
        <source>No conversation matches.</source>
        <translation>No conversation matches.</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="257" />
        <source>Show earlier turns</source>
        <translation>Show earlier turns</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="258" />
        <source>Show older turns of this conversation in the chat</source>
        <translation>Show older turns of this conversation in the chat</translation>
    </message>
</context>
<context>
    <name>ConversationPane</name>
    <message>
        <location filename="../app/conversation_pane.py" line="83" />
        <source>&amp;New conversation</source>
        <translation>&amp;New conversation</translation>
    </message>
    <message>
        <location filename="../app/conversation_pane.py" line="152" />
        <source>New conversation</source>
        <translation>New conversation</translation>
    </message>
    <message>
        <location filename="../app/conversation_pane.py" line="155" />
        <source>Delete conversation</source>
        <translation>Delete conversation</translation>
    </message>
    <message>
        <location filename="../app/conversation_pane.py" line="161" />
        <source>“{title}” has a turn running. Stop it first, then delete the conversation.</source>
        <translation>“{title}” has a turn running. Stop it first, then delete the conversation.</translation>
    </message>
    <message>
        <location filename="../app/conversation_pane.py" line="170" />
        <source>Delete “{title}”?</source>
        <translation>Delete “{title}”?</translation>
    </message>
    <message>
        <location filename="../app/conversation_pane.py" line="172" />
        <source>Its messages and the pictures only it uses are removed from this computer.</source>
        <translation>Its messages and the pictures only it uses are removed from this computer.</translation>
    </message>
    <message>
        <location filename="../app/conversation_pane.py" line="174" />
        <source>Delete</source>
        <translation>Delete</translation>
    </message>
</context>
<context>
    <name>CopyButton</name>
    <message>
        <location filename="../app/widgets/markdown.py" line="130" />
        <source>Copied</source>
        <translation>Copied</translation>
    </message>
    <message>
        <location filename="../app/widgets/markdown.py" line="130" />
        <location filename="../app/widgets/markdown.py" line="132" />
        <source>Copy</source>
        <translation>Copy</translation>
    </message>
    <message>
        <location filename="../app/widgets/markdown.py" line="131" />
        <source>Copy to the clipboard</source>
        <translation>Copy to the clipboard</translation>
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
    <name>DesktopManners</name>
    <message>
        <location filename="../app/desktop.py" line="129" />
        <source>{agent} answered</source>
        <translation>{agent} answered</translation>
    </message>
    <message>
        <location filename="../app/desktop.py" line="134" />
        <source>{agent}: the turn failed</source>
        <translation>{agent}: the turn failed</translation>
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
        <location filename="../app/widgets/help_menu.py" line="39" />
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <location filename="../app/widgets/help_menu.py" line="40" />
        <source>Open log folder</source>
        <translation>Open log folder</translation>
    </message>
    <message>
        <location filename="../app/widgets/help_menu.py" line="41" />
        <source>Acceptance report</source>
        <translation>Acceptance report</translation>
    </message>
    <message>
        <location filename="../app/widgets/help_menu.py" line="42" />
        <location filename="../app/widgets/help_menu.py" line="77" />
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <location filename="../app/widgets/help_menu.py" line="43" />
        <location filename="../app/widgets/help_menu.py" line="81" />
        <source>About Fuseforks</source>
        <translation>About Fuseforks</translation>
    </message>
    <message>
        <location filename="../app/widgets/help_menu.py" line="83" />
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
        <location filename="../app/widgets/preview.py" line="230" />
        <source>Save image…</source>
        <translation>Save image…</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="231" />
        <source>Copy</source>
        <translation>Copy</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="232" />
        <source>Click to open the full-size image</source>
        <translation>Click to open the full-size image</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="234" />
        <source>Loading image…</source>
        <translation>Loading image…</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="284" />
        <source>The stored image is no longer available.</source>
        <translation>The stored image is no longer available.</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="291" />
        <source>The image could not be decoded.</source>
        <translation>The image could not be decoded.</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="325" />
        <source>Save image</source>
        <translation>Save image</translation>
    </message>
</context>
<context>
    <name>KeyBox</name>
    <message>
        <location filename="../app/settings/key_box.py" line="73" />
        <source>API key (stored only in the OS keyring)</source>
        <translation>API key (stored only in the OS keyring)</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="74" />
        <source>Paste the key here; it is never shown again</source>
        <translation>Paste the key here; it is never shown again</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="75" />
        <source>Store key</source>
        <translation>Store key</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="76" />
        <source>Delete key</source>
        <translation>Delete key</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="77" />
        <source>Keep the key for this session only</source>
        <translation>Keep the key for this session only</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="92" />
        <source>No key needed (no keyring entry named)</source>
        <translation>No key needed (no keyring entry named)</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="94" />
        <source>Key present (kept for this session only)</source>
        <translation>Key present (kept for this session only)</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="96" />
        <source>Key present in the OS keyring</source>
        <translation>Key present in the OS keyring</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="98" />
        <source>No key stored</source>
        <translation>No key stored</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="124" />
        <source>No OS keyring is available on this system, so the key cannot be stored. You can keep it in memory for this session only; it is forgotten when the app closes.</source>
        <translation>No OS keyring is available on this system, so the key cannot be stored. You can keep it in memory for this session only; it is forgotten when the app closes.</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="148" />
        <source>The OS keyring could not be reached.</source>
        <translation>The OS keyring could not be reached.</translation>
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
        <location filename="../app/main_window.py" line="254" />
        <source>Agents</source>
        <translation>Agents</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="255" />
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="256" />
        <source>Tool calls</source>
        <translation>Tool calls</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="258" />
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="259" />
        <source>&amp;Settings…</source>
        <translation>&amp;Settings…</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="260" />
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="270" />
        <source>Error: {error}</source>
        <translation>Error: {error}</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="342" />
        <location filename="../app/main_window.py" line="350" />
        <source>This agent is still working; press Stop first.</source>
        <translation>This agent is still working; press Stop first.</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="377" />
        <source>Pausing at the next step…</source>
        <translation>Pausing at the next step…</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="392" />
        <source>A paused turn is waiting. Press Resume to continue it.</source>
        <translation>A paused turn is waiting. Press Resume to continue it.</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="412" />
        <source>Stopping at the next step…</source>
        <translation>Stopping at the next step…</translation>
    </message>
</context>
<context>
    <name>ModelFetch</name>
    <message>
        <location filename="../app/settings/model_box.py" line="98" />
        <source>Fetch models</source>
        <translation>Fetch models</translation>
    </message>
    <message>
        <location filename="../app/settings/model_box.py" line="129" />
        <source>Fix the template first: {problems}</source>
        <translation>Fix the template first: {problems}</translation>
    </message>
    <message>
        <location filename="../app/settings/model_box.py" line="136" />
        <source>No key is stored under "{entry}" yet.</source>
        <translation>No key is stored under "{entry}" yet.</translation>
    </message>
    <message>
        <location filename="../app/settings/model_box.py" line="138" />
        <source>Asking the provider for its models …</source>
        <translation>Asking the provider for its models …</translation>
    </message>
    <message>
        <location filename="../app/settings/model_box.py" line="156" />
        <source>This provider's API offers no model list: type the model name.</source>
        <translation>This provider's API offers no model list: type the model name.</translation>
    </message>
    <message>
        <location filename="../app/settings/model_box.py" line="160" />
        <source>{count} models</source>
        <translation>{count} models</translation>
    </message>
    <message>
        <location filename="../app/settings/model_box.py" line="167" />
        <source>No model list: HTTP {status}: {message}</source>
        <translation>No model list: HTTP {status}: {message}</translation>
    </message>
    <message>
        <location filename="../app/settings/model_box.py" line="171" />
        <location filename="../app/settings/model_box.py" line="173" />
        <source>No model list: {error}</source>
        <translation>No model list: {error}</translation>
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
    <name>PictureViewer</name>
    <message>
        <location filename="../app/widgets/viewer.py" line="267" />
        <source>{percent} %</source>
        <translation>{percent} %</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="275" />
        <source>Picture</source>
        <translation>Picture</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="277" />
        <source>{index} / {count}</source>
        <translation>{index} / {count}</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="280" />
        <source>Fit</source>
        <translation>Fit</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="282" />
        <source>Previous picture</source>
        <translation>Previous picture</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="283" />
        <source>Next picture</source>
        <translation>Next picture</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="284" />
        <source>Zoom out</source>
        <translation>Zoom out</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="285" />
        <source>Zoom in</source>
        <translation>Zoom in</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="286" />
        <source>Actual size (one image pixel per screen pixel)</source>
        <translation>Actual size (one image pixel per screen pixel)</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="287" />
        <source>Fit the picture to the window</source>
        <translation>Fit the picture to the window</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="291" />
        <source>Picture: scroll to zoom, drag to move</source>
        <translation>Picture: scroll to zoom, drag to move</translation>
    </message>
</context>
<context>
    <name>PresetMenu</name>
    <message>
        <location filename="../app/settings/presets.py" line="105" />
        <source>Providers</source>
        <translation>Providers</translation>
    </message>
    <message>
        <location filename="../app/settings/presets.py" line="108" />
        <source>Servers on this computer (no key)</source>
        <translation>Servers on this computer (no key)</translation>
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
    <name>ProtocolBox</name>
    <message>
        <location filename="../app/settings/presets.py" line="63" />
        <source>Anthropic Messages (Claude)</source>
        <translation>Anthropic Messages (Claude)</translation>
    </message>
    <message>
        <location filename="../app/settings/presets.py" line="64" />
        <source>OpenAI-compatible Chat Completions</source>
        <translation>OpenAI-compatible Chat Completions</translation>
    </message>
    <message>
        <location filename="../app/settings/presets.py" line="65" />
        <source>Google Gemini</source>
        <translation>Google Gemini</translation>
    </message>
    <message>
        <location filename="../app/settings/presets.py" line="66" />
        <source>OpenAI Responses</source>
        <translation>OpenAI Responses</translation>
    </message>
    <message>
        <location filename="../app/settings/presets.py" line="67" />
        <source>xAI Responses (Grok)</source>
        <translation>xAI Responses (Grok)</translation>
    </message>
    <message>
        <location filename="../app/settings/presets.py" line="68" />
        <source>Meta Llama API (Responses)</source>
        <translation>Meta Llama API (Responses)</translation>
    </message>
    <message>
        <location filename="../app/settings/presets.py" line="69" />
        <source>Perplexity Agent API (Responses)</source>
        <translation>Perplexity Agent API (Responses)</translation>
    </message>
    <message>
        <location filename="../app/settings/presets.py" line="70" />
        <source>Offline demo (no AI)</source>
        <translation>Offline demo (no AI)</translation>
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
    <name>RegionEditor</name>
    <message>
        <location filename="../app/widgets/watch_region.py" line="57" />
        <location filename="../app/widgets/watch_region.py" line="154" />
        <source>Region of interest</source>
        <translation>Region of interest</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_region.py" line="125" />
        <source>No picture yet</source>
        <translation>No picture yet</translation>
    </message>
</context>
<context>
    <name>RhythmEditor</name>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="96" />
        <source>every …</source>
        <translation>every …</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="96" />
        <source>at times of day</source>
        <translation>at times of day</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="96" />
        <source>continuously, changed frames only</source>
        <translation>continuously, changed frames only</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="99" />
        <source>seconds</source>
        <translation>seconds</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="100" />
        <source>minutes</source>
        <translation>minutes</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="101" />
        <source>08:00, 18:00</source>
        <translation>08:00, 18:00</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="102" />
        <location filename="../app/widgets/watch_rhythm.py" line="107" />
        <source>seconds between frames</source>
        <translation>seconds between frames</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="103" />
        <source>How often to look</source>
        <translation>How often to look</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="104" />
        <source>Interval</source>
        <translation>Interval</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="105" />
        <source>Interval unit</source>
        <translation>Interval unit</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="106" />
        <source>Times of day</source>
        <translation>Times of day</translation>
    </message>
</context>
<context>
    <name>RootsEditor</name>
    <message>
        <location filename="../app/settings/server_roots.py" line="66" />
        <source>Folders</source>
        <translation>Folders</translation>
    </message>
    <message>
        <location filename="../app/settings/server_roots.py" line="67" />
        <source>Folders this server may see (MCP roots); none: it is told of no folder</source>
        <translation>Folders this server may see (MCP roots); none: it is told of no folder</translation>
    </message>
    <message>
        <location filename="../app/settings/server_roots.py" line="68" />
        <source>Add folder…</source>
        <translation>Add folder…</translation>
    </message>
    <message>
        <location filename="../app/settings/server_roots.py" line="69" />
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <location filename="../app/settings/server_roots.py" line="108" />
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
        <source>Server JSON</source>
        <translation>Server JSON</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="87" />
        <source>Apply</source>
        <translation>Apply</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="89" />
        <source>Sign out</source>
        <translation>Sign out</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="91" />
        <source>server name (letters, digits, _ and -)</source>
        <translation>server name (letters, digits, _ and -)</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="94" />
        <source>Paste the whole Claude Desktop block {"mcpServers": {…}}; the servers are added to this agent.</source>
        <translation>Paste the whole Claude Desktop block {"mcpServers": {…}}; the servers are added to this agent.</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="98" />
        <source>One server as JSON: {"command": …, "args": […]} or {"type": "http", "url": …}. No secrets here: write ${secret:NAME} and store NAME in the keyring.</source>
        <translation>One server as JSON: {"command": …, "args": […]} or {"type": "http", "url": …}. No secrets here: write ${secret:NAME} and store NAME in the keyring.</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="141" />
        <source>Forget this server's sign-in (the OAuth tokens in the OS keyring)</source>
        <translation>Forget this server's sign-in (the OAuth tokens in the OS keyring)</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="143" />
        <source>Not signed in to this server</source>
        <translation>Not signed in to this server</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="164" />
        <source>a server needs a name and a JSON object</source>
        <translation>a server needs a name and a JSON object</translation>
    </message>
</context>
<context>
    <name>ServerPanel</name>
    <message>
        <location filename="../app/widgets/servers.py" line="232" />
        <source>MCP servers</source>
        <translation>MCP servers</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="233" />
        <source>This agent has no MCP servers.</source>
        <translation>This agent has no MCP servers.</translation>
    </message>
</context>
<context>
    <name>ServerRow</name>
    <message>
        <location filename="../app/widgets/servers.py" line="139" />
        <source>connected</source>
        <translation>connected</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="141" />
        <source>off</source>
        <translation>off</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="143" />
        <source>connecting…</source>
        <translation>connecting…</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="147" />
        <source>failed · reconnecting in {seconds} s</source>
        <translation>failed · reconnecting in {seconds} s</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="148" />
        <source>failed · reconnecting…</source>
        <translation>failed · reconnecting…</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="149" />
        <source>failed</source>
        <translation>failed</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="156" />
        <source>Reconnect</source>
        <translation>Reconnect</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="157" />
        <source>Reconnect {server}</source>
        <translation>Reconnect {server}</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="161" />
        <source>Reason: {error}</source>
        <translation>Reason: {error}</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="164" />
        <source>Tools ({count})</source>
        <translation>Tools ({count})</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../app/settings/dialog.py" line="155" />
        <location filename="../app/settings/dialog.py" line="351" />
        <source>Settings</source>
        <translation>Settings</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="156" />
        <source>Templates</source>
        <translation>Templates</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="157" />
        <source>Agents</source>
        <translation>Agents</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="158" />
        <source>Village</source>
        <translation>Village</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="165" />
        <source>Village name</source>
        <translation>Village name</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="165" />
        <source>Language</source>
        <translation>Language</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="165" />
        <source>Image results</source>
        <translation>Image results</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="165" />
        <source>Vision relay</source>
        <translation>Vision relay</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="171" />
        <source>An agent whose model cannot read images gets this template's description of each tool image instead, so a watch or a chat on a text-only model still sees the camera.</source>
        <translation>An agent whose model cannot read images gets this template's description of each tool image instead, so a watch or a chat on a text-only model still sees the camera.</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="176" />
        <source>Send images returned by MCP tools to the model</source>
        <translation>Send images returned by MCP tools to the model</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="179" />
        <source>Images returned by tools are sent to the model provider of the agent that called the tool.</source>
        <translation>Images returned by tools are sent to the model provider of the agent that called the tool.</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="182" />
        <location filename="../app/settings/dialog.py" line="356" />
        <source>Save</source>
        <translation>Save</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="183" />
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="214" />
        <source>None</source>
        <translation>None</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="226" />
        <source>(file)</source>
        <translation>(file)</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="293" />
        <source>{path} is not a configuration the app can read ({problems}). Fix it in an editor or move it aside, then Save again: Settings does not replace it.</source>
        <translation>{path} is not a configuration the app can read ({problems}). Fix it in an editor or move it aside, then Save again: Settings does not replace it.</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="305" />
        <source>could not write {path}: {error}</source>
        <translation>could not write {path}: {error}</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="313" />
        <source>Saved ✓</source>
        <translation>Saved ✓</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="335" />
        <source>The OS keyring could not be reached: store the key again under {entries}.</source>
        <translation>The OS keyring could not be reached: store the key again under {entries}.</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="353" />
        <source>Save the changes to the settings?</source>
        <translation>Save the changes to the settings?</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="357" />
        <source>Discard</source>
        <translation>Discard</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="358" />
        <source>Cancel</source>
        <translation>Cancel</translation>
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
    <name>StartupProblemDialog</name>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="122" />
        <source>Configuration problem</source>
        <translation>Configuration problem</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="125" />
        <source>{file} is not valid JSON</source>
        <translation>{file} is not valid JSON</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="127" />
        <source>Fuseforks cannot read this configuration file. Fix the marked place in an editor, save it, then press Try again.</source>
        <translation>Fuseforks cannot read this configuration file. Fix the marked place in an editor, save it, then press Try again.</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="131" />
        <source>{file} has values Fuseforks cannot use</source>
        <translation>{file} has values Fuseforks cannot use</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="133" />
        <source>Each line below names a setting by its place in the file and what is wrong with it. Fix them in an editor, save the file, then press Try again.</source>
        <translation>Each line below names a setting by its place in the file and what is wrong with it. Fix them in an editor, save the file, then press Try again.</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="137" />
        <source>{file} has settings Fuseforks does not know</source>
        <translation>{file} has settings Fuseforks does not know</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="139" />
        <source>They are ignored (and kept when Settings saves the file). Continue starts the village with the rest of the file; a misspelt key is worth fixing first.</source>
        <translation>They are ignored (and kept when Settings saves the file). Continue starts the village with the rest of the file; a misspelt key is worth fixing first.</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="143" />
        <source>{file} was not found</source>
        <translation>{file} was not found</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="145" />
        <source>There is no configuration file at this path. Check the path given with --config, or start the demo village.</source>
        <translation>There is no configuration file at this path. Check the path given with --config, or start the demo village.</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="150" />
        <source>File: {path}</source>
        <translation>File: {path}</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="152" />
        <source>Open the file</source>
        <translation>Open the file</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="153" />
        <source>Open its folder</source>
        <translation>Open its folder</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="154" />
        <source>Try again</source>
        <translation>Try again</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="155" />
        <source>Start the demo village</source>
        <translation>Start the demo village</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="156" />
        <source>Quit</source>
        <translation>Quit</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="157" />
        <source>Continue</source>
        <translation>Continue</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="158" />
        <source>Problems</source>
        <translation>Problems</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="164" />
        <source>Line {line}, column {column}:</source>
        <translation>Line {line}, column {column}:</translation>
    </message>
</context>
<context>
    <name>StoragePage</name>
    <message>
        <location filename="../app/settings/storage_page.py" line="105" />
        <source>Cleaning up…</source>
        <translation>Cleaning up…</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="118" />
        <source>The clean-up failed: {error}</source>
        <translation>The clean-up failed: {error}</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="126" />
        <source>Storage</source>
        <translation>Storage</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="130" />
        <source>Database</source>
        <translation>Database</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="131" />
        <source>Images and texts</source>
        <translation>Images and texts</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="132" />
        <source>Spilled tool results</source>
        <translation>Spilled tool results</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="133" />
        <source>Media cache copies</source>
        <translation>Media cache copies</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="134" />
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="144" />
        <source>{size} MB</source>
        <translation>{size} MB</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="145" />
        <source>Keep conversations (days)</source>
        <translation>Keep conversations (days)</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="146" />
        <source>For ever</source>
        <translation>For ever</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="149" />
        <source>Older conversations are deleted with their images at start-up and by Clean up now, except each agent's current one. Saved with the settings.</source>
        <translation>Older conversations are deleted with their images at start-up and by Clean up now, except each agent's current one. Saved with the settings.</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="153" />
        <source>Clean up now</source>
        <translation>Clean up now</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="155" />
        <source>The app runs without history: nothing is stored.</source>
        <translation>The app runs without history: nothing is stored.</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="158" />
        <source>Freed {size} MB: {files} files, {conversations} conversations.</source>
        <translation>Freed {size} MB: {files} files, {conversations} conversations.</translation>
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
        <location filename="../app/settings/templates_page.py" line="154" />
        <source>Templates</source>
        <translation>Templates</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="155" />
        <source>Add</source>
        <translation>Add</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="156" />
        <source>Add from preset</source>
        <translation>Add from preset</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="157" />
        <source>Duplicate</source>
        <translation>Duplicate</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="158" />
        <source>Delete</source>
        <translation>Delete</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="162" />
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="163" />
        <source>Protocol</source>
        <translation>Protocol</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="164" />
        <source>Base URL</source>
        <translation>Base URL</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="165" />
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="166" />
        <source>Tools</source>
        <translation>Tools</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="167" />
        <source>Images</source>
        <translation>Images</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="168" />
        <source>Keyring entry</source>
        <translation>Keyring entry</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="169" />
        <source>Timeout</source>
        <translation>Timeout</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="170" />
        <source>Retries</source>
        <translation>Retries</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="171" />
        <source>Streaming</source>
        <translation>Streaming</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="176" />
        <source>Send tools to the model</source>
        <translation>Send tools to the model</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="177" />
        <source>The model reads images</source>
        <translation>The model reads images</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="178" />
        <source>empty: this endpoint needs no key</source>
        <translation>empty: this endpoint needs no key</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="179" />
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="180" />
        <source>How long one request may take</source>
        <translation>How long one request may take</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="181" />
        <source>How often a failed request is tried (the first try included)</source>
        <translation>How often a failed request is tried (the first try included)</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="182" />
        <source>Show the answer while it is written</source>
        <translation>Show the answer while it is written</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="281" />
        <source>for example {model}</source>
        <translation>for example {model}</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="295" />
        <location filename="../app/settings/templates_page.py" line="300" />
        <source>New template</source>
        <translation>New template</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="309" />
        <source>copy</source>
        <translation>copy</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="322" />
        <source>used by {agents}; choose another template for them first</source>
        <translation>used by {agents}; choose another template for them first</translation>
    </message>
</context>
<context>
    <name>TimelinePane</name>
    <message>
        <location filename="../app/timeline_pane.py" line="78" />
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <location filename="../app/timeline_pane.py" line="81" />
        <source>Timeline ({count})</source>
        <translation>Timeline ({count})</translation>
    </message>
    <message>
        <location filename="../app/timeline_pane.py" line="83" />
        <source>Timeline</source>
        <translation>Timeline</translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <location filename="../app/widgets/timeline.py" line="156" />
        <source>Today</source>
        <translation>Today</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="158" />
        <source>Yesterday</source>
        <translation>Yesterday</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="162" />
        <source>Deleted watch</source>
        <translation>Deleted watch</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="170" />
        <source>{when} · importance {importance} · {watch}</source>
        <translation>{when} · importance {importance} · {watch}</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="181" />
        <source>Any importance</source>
        <translation>Any importance</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="182" />
        <source>Importance {n} or more</source>
        <translation>Importance {n} or more</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="183" />
        <source>Importance 5 only</source>
        <translation>Importance 5 only</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="187" />
        <source>Watch</source>
        <translation>Watch</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="188" />
        <source>Importance</source>
        <translation>Importance</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="189" />
        <source>Day</source>
        <translation>Day</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="190" />
        <source>Camera events</source>
        <translation>Camera events</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="191" />
        <source>Show picture</source>
        <translation>Show picture</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="192" />
        <source>Open conversation</source>
        <translation>Open conversation</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="193" />
        <source>Show the picture full size</source>
        <translation>Show the picture full size</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="222" />
        <source>Events: {count}</source>
        <translation>Events: {count}</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="228" />
        <source>No events match these filters.</source>
        <translation>No events match these filters.</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="230" />
        <source>No camera events yet. When a watch reports one, it appears here.</source>
        <translation>No camera events yet. When a watch reports one, it appears here.</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="257" />
        <source>All watches</source>
        <translation>All watches</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="263" />
        <source>All days</source>
        <translation>All days</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="374" />
        <location filename="../app/widgets/timeline.py" line="385" />
        <location filename="../app/widgets/timeline.py" line="438" />
        <source>No picture</source>
        <translation>No picture</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="397" />
        <source>(no summary)</source>
        <translation>(no summary)</translation>
    </message>
</context>
<context>
    <name>ToolPanel</name>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="277" />
        <source>Show earlier ({count})</source>
        <translation>Show earlier ({count})</translation>
    </message>
</context>
<context>
    <name>ToolRow</name>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="133" />
        <source>{seconds} s</source>
        <translation>{seconds} s</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="191" />
        <source>{ms} ms</source>
        <translation>{ms} ms</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="204" />
        <source>running…</source>
        <translation>running…</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="205" />
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="206" />
        <source>error</source>
        <translation>error</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="207" />
        <source>interrupted</source>
        <translation>interrupted</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="208" />
        <source>not executed</source>
        <translation>not executed</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="209" />
        <source>failed</source>
        <translation>failed</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="213" />
        <source>Input</source>
        <translation>Input</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="214" />
        <source>Output</source>
        <translation>Output</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="215" />
        <source>Shown to you only (not sent to the model)</source>
        <translation>Shown to you only (not sent to the model)</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="230" />
        <source>Show or hide the exact input and output</source>
        <translation>Show or hide the exact input and output</translation>
    </message>
</context>
<context>
    <name>WatchDialog</name>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="231" />
        <source>New watch for {agent}</source>
        <translation>New watch for {agent}</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="232" />
        <source>Start watching</source>
        <translation>Start watching</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="234" />
        <source>Edit watch of {agent}</source>
        <translation>Edit watch of {agent}</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="235" />
        <source>Save</source>
        <translation>Save</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="236" />
        <source>Tell me when a bird is at the feeder</source>
        <translation>Tell me when a bird is at the feeder</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="237" />
        <source>(the instruction's start)</source>
        <translation>(the instruction's start)</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="239" />
        <source>Watch for</source>
        <translation>Watch for</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="240" />
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="241" />
        <source>Camera tool</source>
        <translation>Camera tool</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="242" />
        <source>Look</source>
        <translation>Look</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="243" />
        <source>Model calls per hour</source>
        <translation>Model calls per hour</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="244" />
        <source>Tokens per day</source>
        <translation>Tokens per day</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="245" />
        <source>Notify from importance</source>
        <translation>Notify from importance</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="246" />
        <source>Quiet after a notification (min)</source>
        <translation>Quiet after a notification (min)</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="247" />
        <source>End</source>
        <translation>End</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="248" />
        <source>Keep events (days, 0: always)</source>
        <translation>Keep events (days, 0: always)</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="249" />
        <source>Keep pictures up to (MB, 0: no cap)</source>
        <translation>Keep pictures up to (MB, 0: no cap)</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="253" />
        <source>Sensitivity</source>
        <translation>Sensitivity</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="255" />
        <source>1 (every event)</source>
        <translation>1 (every event)</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="259" />
        <source>5 (only the most important)</source>
        <translation>5 (only the most important)</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="260" />
        <source>never</source>
        <translation>never</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="264" />
        <source>Stop watching at</source>
        <translation>Stop watching at</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="265" />
        <source>Show the model its previous picture too</source>
        <translation>Show the model its previous picture too</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="266" />
        <source>Take a picture</source>
        <translation>Take a picture</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="267" />
        <source>Whole picture</source>
        <translation>Whole picture</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="275" />
        <source>{value}: any moved pixel of the region sends the frame to the model.</source>
        <translation>{value}: any moved pixel of the region sends the frame to the model.</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="277" />
        <source>{value}: only a change of the whole region sends the frame to the model.</source>
        <translation>{value}: only a change of the whole region sends the frame to the model.</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="280" />
        <source>{value}: a frame goes to the model when about {share} % of the region changed (change score {threshold} or more).</source>
        <translation>{value}: a frame goes to the model when about {share} % of the region changed (change score {threshold} or more).</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="291" />
        <source>Region: the whole picture. Drag on the picture to choose a part.</source>
        <translation>Region: the whole picture. Drag on the picture to choose a part.</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="295" />
        <source>Region: {w} % × {h} % of the picture, from {x} % left, {y} % top.</source>
        <translation>Region: {w} % × {h} % of the picture, from {x} % left, {y} % top.</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="322" />
        <source>The camera tool returned no picture.</source>
        <translation>The camera tool returned no picture.</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="329" />
        <source>No picture from the camera: {reason}</source>
        <translation>No picture from the camera: {reason}</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="362" />
        <source>Write what to watch for.</source>
        <translation>Write what to watch for.</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="364" />
        <source>Choose the camera tool.</source>
        <translation>Choose the camera tool.</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="366" />
        <source>Write the times of day as 07:30, 18:00.</source>
        <translation>Write the times of day as 07:30, 18:00.</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="368" />
        <source>Choose an interval of at least {least} seconds.</source>
        <translation>Choose an interval of at least {least} seconds.</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="369" />
        <source>This watch cannot run: {detail}</source>
        <translation>This watch cannot run: {detail}</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="396" />
        <source>The watch was not saved: {error}</source>
        <translation>The watch was not saved: {error}</translation>
    </message>
</context>
<context>
    <name>WatchPanel</name>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="309" />
        <source>Watches</source>
        <translation>Watches</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="310" />
        <source>Watch…</source>
        <translation>Watch…</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="311" />
        <source>New watch</source>
        <translation>New watch</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="312" />
        <source>No watches. Press Watch… to have this agent watch its camera.</source>
        <translation>No watches. Press Watch… to have this agent watch its camera.</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="390" />
        <source>Delete watch</source>
        <translation>Delete watch</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="393" />
        <source>Delete the watch “{watch}”?</source>
        <translation>Delete the watch “{watch}”?</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="396" />
        <source>Its timeline holds {count} events. Keep them, or delete them with their pictures?</source>
        <translation>Its timeline holds {count} events. Keep them, or delete them with their pictures?</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="399" />
        <source>Delete, keep the timeline</source>
        <translation>Delete, keep the timeline</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="400" />
        <source>Delete with its timeline</source>
        <translation>Delete with its timeline</translation>
    </message>
</context>
<context>
    <name>WatchRow</name>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="150" />
        <source>at {times}</source>
        <translation>at {times}</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="152" />
        <source>continuously, a frame every {seconds} s</source>
        <translation>continuously, a frame every {seconds} s</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="154" />
        <source>every {minutes} min</source>
        <translation>every {minutes} min</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="155" />
        <source>every {seconds} s</source>
        <translation>every {seconds} s</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="160" />
        <source>Watching</source>
        <translation>Watching</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="163" />
        <location filename="../app/widgets/watch_panel.py" line="173" />
        <source>Ended at its stop time</source>
        <translation>Ended at its stop time</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="164" />
        <source>Stopped</source>
        <translation>Stopped</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="167" />
        <source>Paused: the {limit} calls of this hour are spent</source>
        <translation>Paused: the {limit} calls of this hour are spent</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="169" />
        <source>Paused: today's {limit} tokens are spent</source>
        <translation>Paused: today's {limit} tokens are spent</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="175" />
        <source>Paused: this agent's model cannot read images and no vision relay is set</source>
        <translation>Paused: this agent's model cannot read images and no vision relay is set</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="177" />
        <source>Paused: the camera tool {tool} is gone</source>
        <translation>Paused: the camera tool {tool} is gone</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="179" />
        <source>Paused: the history could not be written</source>
        <translation>Paused: the history could not be written</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="181" />
        <source>Paused after an error</source>
        <translation>Paused after an error</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="183" />
        <source>Ready: not started yet</source>
        <translation>Ready: not started yet</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="184" />
        <source>Paused</source>
        <translation>Paused</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="189" />
        <source>kept {days} days</source>
        <translation>kept {days} days</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="189" />
        <source>kept until deleted</source>
        <translation>kept until deleted</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="190" />
        <source>timeline: {count} events, {size} MB, {kept}</source>
        <translation>timeline: {count} events, {size} MB, {kept}</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="197" />
        <source>vision calls {calls} / {calls_limit} this hour, {tokens} / {tokens_limit} tokens today</source>
        <translation>vision calls {calls} / {calls_limit} this hour, {tokens} / {tokens_limit} tokens today</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="207" />
        <source>change score: no frame yet</source>
        <translation>change score: no frame yet</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="210" />
        <source>change score {score} (threshold {threshold}): sent to the model</source>
        <translation>change score {score} (threshold {threshold}): sent to the model</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="212" />
        <source>change score {score} (threshold {threshold}): not sent</source>
        <translation>change score {score} (threshold {threshold}): not sent</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="233" />
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="233" />
        <source>Resume</source>
        <translation>Resume</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="233" />
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="236" />
        <source>Pause {watch}</source>
        <translation>Pause {watch}</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="236" />
        <source>Resume {watch}</source>
        <translation>Resume {watch}</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="238" />
        <source>Stop</source>
        <translation>Stop</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="240" />
        <source>Edit</source>
        <translation>Edit</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="241" />
        <source>Delete</source>
        <translation>Delete</translation>
    </message>
</context>
<context>
    <name>WatchToast</name>
    <message>
        <location filename="../app/widgets/watch_toast.py" line="125" />
        <source>Camera event · importance {importance}</source>
        <translation>Camera event · importance {importance}</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_toast.py" line="126" />
        <source>Open</source>
        <translation>Open</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_toast.py" line="127" />
        <location filename="../app/widgets/watch_toast.py" line="128" />
        <source>Dismiss</source>
        <translation>Dismiss</translation>
    </message>
</context>
<context>
    <name>WebCompanionBox</name>
    <message>
        <location filename="../app/settings/web_box.py" line="92" />
        <source>Web companion</source>
        <translation>Web companion</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="93" />
        <source>Serve this village to a web browser on this computer</source>
        <translation>Serve this village to a web browser on this computer</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="94" />
        <source>Also on the local network (a phone in the same network)</source>
        <translation>Also on the local network (a phone in the same network)</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="95" />
        <source>Copy sign-in link</source>
        <translation>Copy sign-in link</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="96" />
        <source>New token</source>
        <translation>New token</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="117" />
        <source>Scan it with the phone's camera. It carries the token: show it only to your own devices.</source>
        <translation>Scan it with the phone's camera. It carries the token: show it only to your own devices.</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="101" />
        <source>Off</source>
        <translation>Off</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="106" />
        <source>Hide QR code</source>
        <translation>Hide QR code</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="106" />
        <source>Show QR code</source>
        <translation>Show QR code</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="120" />
        <source>This link opens on this computer only (127.0.0.1): for a phone, tick “Also on the local network” first. It carries the token: show it only to your own devices.</source>
        <translation>This link opens on this computer only (127.0.0.1): for a phone, tick “Also on the local network” first. It carries the token: show it only to your own devices.</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="142" />
        <source>The web companion could not start: {error}</source>
        <translation>The web companion could not start: {error}</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="149" />
        <source>Sign-in link copied. It carries the token: open it only on your own devices.</source>
        <translation>Sign-in link copied. It carries the token: open it only on your own devices.</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="158" />
        <source>No new token: {error}</source>
        <translation>No new token: {error}</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="160" />
        <source>New token made: every signed-in page must sign in again.</source>
        <translation>New token made: every signed-in page must sign in again.</translation>
    </message>
</context>
</TS>