<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
<context>
    <name>AcceptanceDialog</name>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="121" />
        <source>Acceptance report</source>
        <translation>验收报告</translation>
    </message>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="122" />
        <source>Log: {path}</source>
        <translation>日志：{path}</translation>
    </message>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="123" />
        <source>&amp;From:</source>
        <translation>起始时间(&amp;F)：</translation>
    </message>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="124" />
        <source>HH:MM or YYYY-MM-DD HH:MM; empty: the whole log</source>
        <translation>HH:MM 或 YYYY-MM-DD HH:MM；留空则为整个日志</translation>
    </message>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="127" />
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="128" />
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="129" />
        <source>Open log folder</source>
        <translation>打开日志文件夹</translation>
    </message>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="130" />
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="133" />
        <source>Not a time: {text} (HH:MM[:SS], YYYY-MM-DD HH:MM[:SS] or ISO 8601)</source>
        <translation>不是时间：{text}（HH:MM[:SS]、YYYY-MM-DD HH:MM[:SS] 或 ISO 8601）</translation>
    </message>
</context>
<context>
    <name>AcceptanceTable</name>
    <message>
        <location filename="../app/acceptance.py" line="43" />
        <source>item</source>
        <translation>项目</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="44" />
        <source>protocol</source>
        <translation>协议</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="45" />
        <source>verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="46" />
        <source>growth</source>
        <translation>增长</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="47" />
        <source>problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="50" />
        <source>ok</source>
        <translation>成功</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="51" />
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="52" />
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="53" />
        <source>manual</source>
        <translation>人工检查</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="55" />
        <source>In the window, open the tool row of a camera turn: it ends with {line}</source>
        <translation>在窗口中打开相机轮次的工具行：末尾显示{line}</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="58" />
        <source>cannot read the log {path}: {error}</source>
        <translation>无法读取日志 {path}：{error}</translation>
    </message>
</context>
<context>
    <name>AgentList</name>
    <message>
        <location filename="../app/widgets/agents.py" line="75" />
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="76" />
        <source>Template</source>
        <translation>模板</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="77" />
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="78" />
        <source>Tokens</source>
        <translation>令牌</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="79" />
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="123" />
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="125" />
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="126" />
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="160" />
        <source>{percent} %</source>
        <translation>{percent}%</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="146" />
        <source>{used} of {budget} tokens of the context budget</source>
        <translation>上下文预算 {budget} 个令牌中的 {used} 个</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="149" />
        <source>earlier turns left out: {count}</source>
        <translation>已省略的之前回合：{count} 个</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="151" />
        <source>no earlier turn left out</source>
        <translation>未省略之前的回合</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="156" />
        <source>last turn: {percent} % of its input read from the cache</source>
        <translation>上一回合：输入的 {percent}% 读自缓存</translation>
    </message>
</context>
<context>
    <name>AgentsPage</name>
    <message>
        <location filename="../app/settings/agents_page.py" line="161" />
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="162" />
        <source>Template</source>
        <translation>模板</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="163" />
        <source>System prompt</source>
        <translation>系统提示词</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="156" />
        <location filename="../app/settings/agents_page.py" line="164" />
        <source>MCP servers</source>
        <translation>MCP 服务器</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="155" />
        <source>Agents</source>
        <translation>智能体</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="160" />
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="165" />
        <source>Connected agents</source>
        <translation>关联的智能体</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="166" />
        <source>Built-in tools</source>
        <translation>内置工具</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="167" />
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="173" />
        <source>Summarize earlier turns left out to fit the model (one more model call)</source>
        <translation>总结为适应模型而省略的之前回合（多一次模型调用）</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="175" />
        <source>May ask me questions (ask_user_question)</source>
        <translation>可以向我提问（ask_user_question）</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="177" />
        <source>May start watching a camera when I ask, after I confirm (watch_camera)</source>
        <translation>在我要求并确认后可以开始看护摄像头 (watch_camera)</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="180" />
        <source>May run Python code on this computer (execute_code)</source>
        <translation>可以在这台电脑上运行 Python 代码（execute_code）</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="182" />
        <source>Add agent</source>
        <translation>添加智能体</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="183" />
        <location filename="../app/settings/agents_page.py" line="282" />
        <source>Remove agent</source>
        <translation>移除智能体</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="184" />
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="185" />
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="186" />
        <location filename="../app/settings/agents_page.py" line="291" />
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="187" />
        <source>Paste Claude Desktop JSON…</source>
        <translation>粘贴 Claude Desktop JSON…</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="268" />
        <source>New agent</source>
        <translation>新智能体</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="284" />
        <source>Remove {name} ({id})? Its conversations stay in the store.</source>
        <translation>要移除 {name}（{id}）吗？其对话仍保留在存储中。</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="288" />
        <source>Its running turn is stopped when you save.</source>
        <translation>保存时将停止其正在进行的回合。</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="292" />
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="318" />
        <source>Letters, digits, _ and - (at most 48)</source>
        <translation>字母、数字、_ 和 -（最多 48 个）</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="320" />
        <source>Another agent has this id</source>
        <translation>此 ID 已被另一个智能体使用</translation>
    </message>
</context>
<context>
    <name>Bubble</name>
    <message>
        <location filename="../app/widgets/bubble.py" line="102" />
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <location filename="../app/widgets/bubble.py" line="103" />
        <source>Send the same request again</source>
        <translation>再次发送同一请求</translation>
    </message>
    <message>
        <location filename="../app/widgets/bubble.py" line="105" />
        <source>Open Settings</source>
        <translation>打开设置</translation>
    </message>
    <message>
        <location filename="../app/widgets/bubble.py" line="106" />
        <source>Enter or correct the provider's key</source>
        <translation>输入或更正提供商的密钥</translation>
    </message>
</context>
<context>
    <name>BusyIndicator</name>
    <message>
        <location filename="../app/widgets/busy.py" line="131" />
        <source>working…</source>
        <translation>处理中…</translation>
    </message>
    <message>
        <location filename="../app/widgets/busy.py" line="136" />
        <source>Retrying in {seconds} s, attempt {attempt}/{attempts}</source>
        <translation>{seconds} 秒后重试（第 {attempt}/{attempts} 次）</translation>
    </message>
    <message>
        <location filename="../app/widgets/busy.py" line="138" />
        <source>Retrying now, attempt {attempt}/{attempts}</source>
        <translation>正在重试（第 {attempt}/{attempts} 次）</translation>
    </message>
    <message>
        <location filename="../app/widgets/busy.py" line="141" />
        <source>the provider limits the request rate</source>
        <translation>提供商限制了请求频率</translation>
    </message>
    <message>
        <location filename="../app/widgets/busy.py" line="142" />
        <source>the provider is overloaded</source>
        <translation>提供商负载过高</translation>
    </message>
    <message>
        <location filename="../app/widgets/busy.py" line="143" />
        <source>the provider had an error</source>
        <translation>提供商出现错误</translation>
    </message>
    <message>
        <location filename="../app/widgets/busy.py" line="144" />
        <source>the provider did not answer in time</source>
        <translation>提供商未及时响应</translation>
    </message>
    <message>
        <location filename="../app/widgets/busy.py" line="145" />
        <source>the connection failed</source>
        <translation>连接失败</translation>
    </message>
</context>
<context>
    <name>CallProgress</name>
    <message>
        <location filename="../app/widgets/tool_progress.py" line="65" />
        <source>The server reports progress without a total</source>
        <translation>服务器报告的进度没有总量</translation>
    </message>
    <message>
        <location filename="../app/widgets/tool_progress.py" line="67" />
        <source>{done} of {total}</source>
        <translation>{done} / {total}</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <location filename="../app/widgets/chat.py" line="150" />
        <source>Show earlier ({count})</source>
        <translation>显示更早的内容（{count}）</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="308" />
        <source>Continuing the turn where it stopped.</source>
        <translation>从中断处继续这个回合。</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="315" />
        <source>Request passed on from {source}:</source>
        <translation>由 {source} 转来的请求：</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="321" />
        <source>Passed the request on to {to}.</source>
        <translation>已将请求转给 {to}。</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="327" />
        <source>Stopped.</source>
        <translation>已停止。</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="329" />
        <source>Paused. Press Resume to continue.</source>
        <translation>已暂停。按“继续”接着进行。</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="336" />
        <source>The turn failed ({code}): {message}</source>
        <translation>本轮失败（{code}）：{message}</translation>
    </message>
</context>
<context>
    <name>CompanionResume</name>
    <message>
        <location filename="../app/web_resume.py" line="32" />
        <source>The web companion was on but could not start again: {error}</source>
        <translation>网页伴侣原为开启，但无法再次启动：{error}</translation>
    </message>
    <message>
        <location filename="../app/web_resume.py" line="39" />
        <source>The web companion's remembered switch could not be read ({problem}). It is off; the file was kept as {path}.</source>
        <translation>无法读取网页伴侣记住的开关（{problem}）。它已关闭；文件保留为 {path}。</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <location filename="../app/widgets/composer.py" line="61" />
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <location filename="../app/widgets/composer.py" line="61" />
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../app/widgets/composer.py" line="65" />
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <location filename="../app/widgets/composer.py" line="67" />
        <source>Message the selected agent (Enter sends, Shift+Enter adds a line)</source>
        <translation>发给所选智能体的消息（Enter 发送，Shift+Enter 换行）</translation>
    </message>
    <message>
        <location filename="../app/widgets/composer.py" line="69" />
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <location filename="../app/widgets/composer.py" line="70" />
        <source>Stop</source>
        <translation>停止</translation>
    </message>
</context>
<context>
    <name>ConnectionTest</name>
    <message>
        <location filename="../app/settings/connection_test.py" line="90" />
        <source>Cancel test</source>
        <translation>取消测试</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="90" />
        <source>Test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="91" />
        <source>with a picture (vision check)</source>
        <translation>附带图片（视觉检查）</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="92" />
        <source>Sends a frame of the demo camera and asks the model what it shows</source>
        <translation>发送演示摄像头的一帧画面，并询问模型画面中有什么</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="119" />
        <source>Test cancelled.</source>
        <translation>测试已取消。</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="126" />
        <source>Fix the template first: {problems}</source>
        <translation>请先修正模板：{problems}</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="130" />
        <source>The offline demo needs no connection: it answers on this computer.</source>
        <translation>离线演示无需连接：它在这台计算机上作答。</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="137" />
        <source>No key is stored under the keyring entry "{entry}": paste it below and press Store key.</source>
        <translation>密钥环条目“{entry}”下没有保存密钥：请在下方粘贴并点击“保存密钥”。</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="150" />
        <source>Sending a test request to {url} …</source>
        <translation>正在向 {url} 发送测试请求…</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="170" />
        <source>Connected in {seconds} s, but the model answered with no text.</source>
        <translation>已在 {seconds} 秒内连接，但模型的回答中没有文字。</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="177" />
        <source>Connected in {seconds} s. The model answered: {answer}</source>
        <translation>已在 {seconds} 秒内连接。模型的回答：{answer}</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="187" />
        <source>The provider refused the request: HTTP {status}{code}: {message}</source>
        <translation>提供方拒绝了请求：HTTP {status}{code}：{message}</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="191" />
        <source>{url} could not be reached: {error}</source>
        <translation>无法连接到 {url}：{error}</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="193" />
        <source>The answer could not be read: {error}</source>
        <translation>无法读取回答：{error}</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="195" />
        <source>The test failed: {error}</source>
        <translation>测试失败：{error}</translation>
    </message>
</context>
<context>
    <name>ConversationList</name>
    <message>
        <location filename="../app/widgets/conversations.py" line="141" />
        <location filename="../app/widgets/conversations.py" line="150" />
        <location filename="../app/widgets/conversations.py" line="248" />
        <source>New conversation</source>
        <translation>新对话</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="147" />
        <source>{turns} requests</source>
        <translation>{turns} 个请求</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="170" />
        <source>Earlier conversations</source>
        <translation>早先的对话</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="180" />
        <source>Kept from before conversations belonged to a configuration: open one to use it here.</source>
        <translation>在对话按配置区分之前保留下来的对话：打开后即可在此配置中使用。</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="245" />
        <location filename="../app/widgets/conversations.py" line="253" />
        <source>Conversations</source>
        <translation>对话</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="246" />
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="247" />
        <source>New conversation (Ctrl+N)</source>
        <translation>新对话 (Ctrl+N)</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="249" />
        <source>Search titles and messages</source>
        <translation>搜索标题和消息</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="250" />
        <source>Search conversations</source>
        <translation>搜索对话</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="252" />
        <source>Clear the search</source>
        <translation>清除搜索</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="254" />
        <source>Rename</source>
        <translation>重命名</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="255" />
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="256" />
        <source>No conversation matches.</source>
        <translation>没有匹配的对话。</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="257" />
        <source>Show earlier turns</source>
        <translation>显示更早的轮次</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="258" />
        <source>Show older turns of this conversation in the chat</source>
        <translation>在聊天中显示此对话更早的轮次</translation>
    </message>
</context>
<context>
    <name>ConversationPane</name>
    <message>
        <location filename="../app/conversation_pane.py" line="83" />
        <source>&amp;New conversation</source>
        <translation>新对话(&amp;N)</translation>
    </message>
    <message>
        <location filename="../app/conversation_pane.py" line="152" />
        <source>New conversation</source>
        <translation>新对话</translation>
    </message>
    <message>
        <location filename="../app/conversation_pane.py" line="155" />
        <source>Delete conversation</source>
        <translation>删除对话</translation>
    </message>
    <message>
        <location filename="../app/conversation_pane.py" line="161" />
        <source>“{title}” has a turn running. Stop it first, then delete the conversation.</source>
        <translation>“{title}”有一个轮次正在运行。请先停止它，然后再删除对话。</translation>
    </message>
    <message>
        <location filename="../app/conversation_pane.py" line="170" />
        <source>Delete “{title}”?</source>
        <translation>删除“{title}”？</translation>
    </message>
    <message>
        <location filename="../app/conversation_pane.py" line="172" />
        <source>Its messages and the pictures only it uses are removed from this computer.</source>
        <translation>此对话的消息以及只有它使用的图片将从这台计算机上删除。</translation>
    </message>
    <message>
        <location filename="../app/conversation_pane.py" line="174" />
        <source>Delete</source>
        <translation>删除</translation>
    </message>
</context>
<context>
    <name>CopyButton</name>
    <message>
        <location filename="../app/widgets/markdown.py" line="130" />
        <source>Copied</source>
        <translation>已复制</translation>
    </message>
    <message>
        <location filename="../app/widgets/markdown.py" line="130" />
        <location filename="../app/widgets/markdown.py" line="132" />
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../app/widgets/markdown.py" line="131" />
        <source>Copy to the clipboard</source>
        <translation>复制到剪贴板</translation>
    </message>
</context>
<context>
    <name>DemoBanner</name>
    <message>
        <location filename="../app/widgets/banner.py" line="25" />
        <source>This is the offline demo village. Muse's model is a script, not an AI: it takes one frame from the camera simulator and reports the picture's size and colours. To talk to a real model, open Settings, add a template and store its key.</source>
        <translation>这是离线演示村。Muse 的模型是脚本而不是 AI：它从相机模拟器拍摄一帧，并报告图像的尺寸和颜色。要与真实模型对话，请打开设置，添加模板并保存密钥。</translation>
    </message>
    <message>
        <location filename="../app/widgets/banner.py" line="30" />
        <source>Open Settings</source>
        <translation>打开设置</translation>
    </message>
</context>
<context>
    <name>DesktopManners</name>
    <message>
        <location filename="../app/desktop.py" line="129" />
        <source>{agent} answered</source>
        <translation>{agent} 已回答</translation>
    </message>
    <message>
        <location filename="../app/desktop.py" line="134" />
        <source>{agent}: the turn failed</source>
        <translation>{agent}：本轮失败</translation>
    </message>
</context>
<context>
    <name>ElicitationCard</name>
    <message>
        <location filename="../app/widgets/elicitation.py" line="192" />
        <source>{agent}: the MCP server {server} asks you:</source>
        <translation>{agent}：MCP 服务器 {server} 请你填写：</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation.py" line="196" />
        <source>Accept</source>
        <translation>接受</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation.py" line="197" />
        <source>Decline</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation.py" line="198" />
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation.py" line="253" />
        <source>Check: {fields}</source>
        <translation>请检查：{fields}</translation>
    </message>
</context>
<context>
    <name>HelpMenu</name>
    <message>
        <location filename="../app/widgets/help_menu.py" line="39" />
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../app/widgets/help_menu.py" line="40" />
        <source>Open log folder</source>
        <translation>打开日志文件夹</translation>
    </message>
    <message>
        <location filename="../app/widgets/help_menu.py" line="41" />
        <source>Acceptance report</source>
        <translation>验收报告</translation>
    </message>
    <message>
        <location filename="../app/widgets/help_menu.py" line="42" />
        <location filename="../app/widgets/help_menu.py" line="77" />
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <location filename="../app/widgets/help_menu.py" line="43" />
        <location filename="../app/widgets/help_menu.py" line="81" />
        <source>About Fuseforks</source>
        <translation>关于 Fuseforks</translation>
    </message>
    <message>
        <location filename="../app/widgets/help_menu.py" line="83" />
        <source>Fuseforks {version}

A village of AI agents that watch a camera through MCP tools.
Images returned by tools are sent to the model provider of the agent that called the tool. See PRIVACY.md for what is kept on disk.</source>
        <translation>Fuseforks {version}

通过 MCP 工具观看相机的 AI 智能体村。
工具返回的图像会发送给调用该工具的智能体的模型提供商。磁盘上保存的内容见 PRIVACY.md。</translation>
    </message>
</context>
<context>
    <name>ImagePreview</name>
    <message>
        <location filename="../app/widgets/preview.py" line="230" />
        <source>Save image…</source>
        <translation>保存图像…</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="231" />
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="232" />
        <source>Click to open the full-size image</source>
        <translation>点击打开原尺寸图像</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="234" />
        <source>Loading image…</source>
        <translation>正在加载图像…</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="284" />
        <source>The stored image is no longer available.</source>
        <translation>存储的图片已不可用。</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="291" />
        <source>The image could not be decoded.</source>
        <translation>无法解码该图像。</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="325" />
        <source>Save image</source>
        <translation>保存图像</translation>
    </message>
</context>
<context>
    <name>KeyBox</name>
    <message>
        <location filename="../app/settings/key_box.py" line="73" />
        <source>API key (stored only in the OS keyring)</source>
        <translation>API 密钥（仅保存在系统密钥环中）</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="74" />
        <source>Paste the key here; it is never shown again</source>
        <translation>在此粘贴密钥；之后不会再显示</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="75" />
        <source>Store key</source>
        <translation>保存密钥</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="76" />
        <source>Delete key</source>
        <translation>删除密钥</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="77" />
        <source>Keep the key for this session only</source>
        <translation>仅在本次会话中保留密钥</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="92" />
        <source>No key needed (no keyring entry named)</source>
        <translation>无需密钥（未指定密钥环条目）</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="94" />
        <source>Key present (kept for this session only)</source>
        <translation>已有密钥（仅在本次会话中保留）</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="96" />
        <source>Key present in the OS keyring</source>
        <translation>系统密钥环中已有密钥</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="98" />
        <source>No key stored</source>
        <translation>未保存密钥</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="124" />
        <source>No OS keyring is available on this system, so the key cannot be stored. You can keep it in memory for this session only; it is forgotten when the app closes.</source>
        <translation>此系统没有可用的系统密钥环，无法保存密钥。可以仅在本次会话中将其保留在内存里；关闭应用后即被遗忘。</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="148" />
        <source>The OS keyring could not be reached.</source>
        <translation>无法访问系统密钥环。</translation>
    </message>
</context>
<context>
    <name>LockedNotice</name>
    <message>
        <location filename="../app/instance.py" line="116" />
        <source>Fuseforks is already running on this data folder, but it did not answer. Close the other Fuseforks, then start again. (Lock file: {path})</source>
        <translation>Fuseforks 已在此数据文件夹上运行，但没有响应。请关闭另一个 Fuseforks，然后重新启动。（锁文件：{path}）</translation>
    </message>
    <message>
        <location filename="../app/instance.py" line="120" />
        <source>Fuseforks is already running on this data folder (process {pid}), but it did not answer. Close it, or end process {pid}, then start again. (Lock file: {path})</source>
        <translation>Fuseforks 已在此数据文件夹上运行（进程 {pid}），但没有响应。请关闭它，或结束进程 {pid}，然后重新启动。（锁文件：{path}）</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../app/main_window.py" line="254" />
        <source>Agents</source>
        <translation>智能体</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="255" />
        <source>Chat</source>
        <translation>聊天</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="256" />
        <source>Tool calls</source>
        <translation>工具调用</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="258" />
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="259" />
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="260" />
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="270" />
        <source>Error: {error}</source>
        <translation>错误：{error}</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="342" />
        <location filename="../app/main_window.py" line="350" />
        <source>This agent is still working; press Stop first.</source>
        <translation>该智能体仍在工作，请先按停止。</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="377" />
        <source>Pausing at the next step…</source>
        <translation>将在下一步暂停…</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="392" />
        <source>A paused turn is waiting. Press Resume to continue it.</source>
        <translation>有一个已暂停的回合。按“继续”接着进行。</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="412" />
        <source>Stopping at the next step…</source>
        <translation>将在下一步停止…</translation>
    </message>
</context>
<context>
    <name>ModelFetch</name>
    <message>
        <location filename="../app/settings/model_box.py" line="98" />
        <source>Fetch models</source>
        <translation>获取模型列表</translation>
    </message>
    <message>
        <location filename="../app/settings/model_box.py" line="129" />
        <source>Fix the template first: {problems}</source>
        <translation>请先修正模板：{problems}</translation>
    </message>
    <message>
        <location filename="../app/settings/model_box.py" line="136" />
        <source>No key is stored under "{entry}" yet.</source>
        <translation>“{entry}”下尚未保存密钥。</translation>
    </message>
    <message>
        <location filename="../app/settings/model_box.py" line="138" />
        <source>Asking the provider for its models …</source>
        <translation>正在向提供方查询模型列表…</translation>
    </message>
    <message>
        <location filename="../app/settings/model_box.py" line="156" />
        <source>This provider's API offers no model list: type the model name.</source>
        <translation>此提供方的 API 不提供模型列表：请输入模型名称。</translation>
    </message>
    <message>
        <location filename="../app/settings/model_box.py" line="160" />
        <source>{count} models</source>
        <translation>{count} 个模型</translation>
    </message>
    <message>
        <location filename="../app/settings/model_box.py" line="167" />
        <source>No model list: HTTP {status}: {message}</source>
        <translation>无模型列表：HTTP {status}：{message}</translation>
    </message>
    <message>
        <location filename="../app/settings/model_box.py" line="171" />
        <location filename="../app/settings/model_box.py" line="173" />
        <source>No model list: {error}</source>
        <translation>无模型列表：{error}</translation>
    </message>
</context>
<context>
    <name>Pager</name>
    <message>
        <location filename="../app/widgets/pager.py" line="266" />
        <source>Characters {first}–{last} of {total}</source>
        <translation>第 {first}–{last} 个字符，共 {total} 个</translation>
    </message>
    <message>
        <location filename="../app/widgets/pager.py" line="284" />
        <source>The stored copy of this text is damaged: only what is shown here is available.</source>
        <translation>此文本的存储副本已损坏：只能查看此处显示的内容。</translation>
    </message>
    <message>
        <location filename="../app/widgets/pager.py" line="289" />
        <source>The store is not open: only the first {count} characters are shown.</source>
        <translation>存储未打开：仅显示前 {count} 个字符。</translation>
    </message>
    <message>
        <location filename="../app/widgets/pager.py" line="294" />
        <source>This call was not found in the store: only the first {count} characters are shown.</source>
        <translation>存储中找不到此调用：仅显示前 {count} 个字符。</translation>
    </message>
    <message>
        <location filename="../app/widgets/pager.py" line="296" />
        <source>The store could not be read: only the first {count} characters are shown.</source>
        <translation>无法读取存储：仅显示前 {count} 个字符。</translation>
    </message>
    <message>
        <location filename="../app/widgets/pager.py" line="301" />
        <source>First</source>
        <translation>首页</translation>
    </message>
    <message>
        <location filename="../app/widgets/pager.py" line="302" />
        <source>Previous</source>
        <translation>上一页</translation>
    </message>
    <message>
        <location filename="../app/widgets/pager.py" line="303" />
        <source>Next</source>
        <translation>下一页</translation>
    </message>
    <message>
        <location filename="../app/widgets/pager.py" line="304" />
        <source>Last</source>
        <translation>末页</translation>
    </message>
</context>
<context>
    <name>PictureViewer</name>
    <message>
        <location filename="../app/widgets/viewer.py" line="267" />
        <source>{percent} %</source>
        <translation>{percent}%</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="275" />
        <source>Picture</source>
        <translation>图片</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="277" />
        <source>{index} / {count}</source>
        <translation>{index} / {count}</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="280" />
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="282" />
        <source>Previous picture</source>
        <translation>上一张图片</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="283" />
        <source>Next picture</source>
        <translation>下一张图片</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="284" />
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="285" />
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="286" />
        <source>Actual size (one image pixel per screen pixel)</source>
        <translation>实际大小（一个图像像素对应一个屏幕像素）</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="287" />
        <source>Fit the picture to the window</source>
        <translation>使图片适应窗口</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="291" />
        <source>Picture: scroll to zoom, drag to move</source>
        <translation>图片：滚动以缩放，拖动以移动</translation>
    </message>
</context>
<context>
    <name>PresetMenu</name>
    <message>
        <location filename="../app/settings/presets.py" line="105" />
        <source>Providers</source>
        <translation>提供方</translation>
    </message>
    <message>
        <location filename="../app/settings/presets.py" line="108" />
        <source>Servers on this computer (no key)</source>
        <translation>本机上的服务器（无需密钥）</translation>
    </message>
</context>
<context>
    <name>ProblemTexts</name>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="20" />
        <source>Required</source>
        <translation>必填</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="24" />
        <source>At least {n} characters</source>
        <translation>至少 {n} 个字符</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="26" />
        <source>At most {n} characters</source>
        <translation>最多 {n} 个字符</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="28" />
        <source>At least {n}</source>
        <translation>至少为 {n}</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="30" />
        <source>At most {n}</source>
        <translation>最多为 {n}</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="32" />
        <source>Choose at least {n}</source>
        <translation>请至少选择 {n} 项</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="34" />
        <source>Choose at most {n}</source>
        <translation>最多可选择 {n} 项</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="35" />
        <location filename="../app/widgets/elicitation_problems.py" line="46" />
        <source>Not a valid value</source>
        <translation>值无效</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="39" />
        <source>Enter an email address, like name@example.com</source>
        <translation>请输入电子邮件地址，例如 name@example.com</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="41" />
        <source>Enter an address with its scheme, like https://example.com</source>
        <translation>请输入包含协议的地址，例如 https://example.com</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="43" />
        <source>Enter a date as YYYY-MM-DD</source>
        <translation>请按 YYYY-MM-DD 格式输入日期</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="45" />
        <source>Enter a date and time as YYYY-MM-DDThh:mm</source>
        <translation>请按 YYYY-MM-DDThh:mm 格式输入日期和时间</translation>
    </message>
</context>
<context>
    <name>ProtocolBox</name>
    <message>
        <location filename="../app/settings/presets.py" line="63" />
        <source>Anthropic Messages (Claude)</source>
        <translation>Anthropic Messages（Claude）</translation>
    </message>
    <message>
        <location filename="../app/settings/presets.py" line="64" />
        <source>OpenAI-compatible Chat Completions</source>
        <translation>OpenAI 兼容 Chat Completions</translation>
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
        <translation>xAI Responses（Grok）</translation>
    </message>
    <message>
        <location filename="../app/settings/presets.py" line="68" />
        <source>Meta Llama API (Responses)</source>
        <translation>Meta Llama API（Responses）</translation>
    </message>
    <message>
        <location filename="../app/settings/presets.py" line="69" />
        <source>Perplexity Agent API (Responses)</source>
        <translation>Perplexity Agent API（Responses）</translation>
    </message>
    <message>
        <location filename="../app/settings/presets.py" line="70" />
        <source>Offline demo (no AI)</source>
        <translation>离线演示（无 AI）</translation>
    </message>
</context>
<context>
    <name>QuestionCard</name>
    <message>
        <location filename="../app/widgets/question.py" line="95" />
        <source>{agent} asks you:</source>
        <translation>{agent} 向你提问：</translation>
    </message>
    <message>
        <location filename="../app/widgets/question.py" line="96" />
        <source>Type your answer</source>
        <translation>输入你的回答</translation>
    </message>
    <message>
        <location filename="../app/widgets/question.py" line="97" />
        <source>Answer</source>
        <translation>回答</translation>
    </message>
    <message>
        <location filename="../app/widgets/question.py" line="98" />
        <source>Decline</source>
        <translation>拒绝</translation>
    </message>
</context>
<context>
    <name>RegionEditor</name>
    <message>
        <location filename="../app/widgets/watch_region.py" line="57" />
        <location filename="../app/widgets/watch_region.py" line="154" />
        <source>Region of interest</source>
        <translation>关注区域</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_region.py" line="125" />
        <source>No picture yet</source>
        <translation>还没有画面</translation>
    </message>
</context>
<context>
    <name>RhythmEditor</name>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="96" />
        <source>every …</source>
        <translation>每隔…</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="96" />
        <source>at times of day</source>
        <translation>在每天的固定时间</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="96" />
        <source>continuously, changed frames only</source>
        <translation>连续（只看有变化的画面）</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="99" />
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="100" />
        <source>minutes</source>
        <translation>分钟</translation>
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
        <translation>秒一帧</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="103" />
        <source>How often to look</source>
        <translation>查看频率</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="104" />
        <source>Interval</source>
        <translation>间隔</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="105" />
        <source>Interval unit</source>
        <translation>间隔单位</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="106" />
        <source>Times of day</source>
        <translation>时间</translation>
    </message>
</context>
<context>
    <name>RootsEditor</name>
    <message>
        <location filename="../app/settings/server_roots.py" line="66" />
        <source>Folders</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location filename="../app/settings/server_roots.py" line="67" />
        <source>Folders this server may see (MCP roots); none: it is told of no folder</source>
        <translation>此服务器可以看到的文件夹（MCP 根目录）；无：不告知任何文件夹</translation>
    </message>
    <message>
        <location filename="../app/settings/server_roots.py" line="68" />
        <source>Add folder…</source>
        <translation>添加文件夹…</translation>
    </message>
    <message>
        <location filename="../app/settings/server_roots.py" line="69" />
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location filename="../app/settings/server_roots.py" line="108" />
        <source>Choose a folder</source>
        <translation>选择文件夹</translation>
    </message>
</context>
<context>
    <name>SamplingCard</name>
    <message>
        <location filename="../app/widgets/sampling_card.py" line="76" />
        <source>{agent}: the MCP server {server} asks to use this agent's model:</source>
        <translation>{agent}：MCP 服务器 {server} 请求使用此智能体的模型：</translation>
    </message>
    <message>
        <location filename="../app/widgets/sampling_card.py" line="81" />
        <source>At most {tokens} tokens</source>
        <translation>最多 {tokens} 个令牌</translation>
    </message>
    <message>
        <location filename="../app/widgets/sampling_card.py" line="82" />
        <source>Approve</source>
        <translation>批准</translation>
    </message>
    <message>
        <location filename="../app/widgets/sampling_card.py" line="83" />
        <source>Deny</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <location filename="../app/widgets/sampling_card.py" line="87" />
        <source>user</source>
        <translation>用户</translation>
    </message>
    <message>
        <location filename="../app/widgets/sampling_card.py" line="87" />
        <source>assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <location filename="../app/widgets/sampling_card.py" line="90" />
        <source>System prompt: {text}</source>
        <translation>系统提示：{text}</translation>
    </message>
    <message>
        <location filename="../app/widgets/sampling_card.py" line="94" />
        <source>[{count} image(s)]</source>
        <translation>[{count} 张图片]</translation>
    </message>
</context>
<context>
    <name>ServerEditor</name>
    <message>
        <location filename="../app/settings/server_editor.py" line="86" />
        <source>Server JSON</source>
        <translation>服务器 JSON</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="87" />
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="89" />
        <source>Sign out</source>
        <translation>退出登录</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="91" />
        <source>server name (letters, digits, _ and -)</source>
        <translation>服务器名称（字母、数字、_ 和 -）</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="94" />
        <source>Paste the whole Claude Desktop block {"mcpServers": {…}}; the servers are added to this agent.</source>
        <translation>粘贴完整的 Claude Desktop 配置块 {"mcpServers": {…}}；服务器会添加到此智能体。</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="98" />
        <source>One server as JSON: {"command": …, "args": […]} or {"type": "http", "url": …}. No secrets here: write ${secret:NAME} and store NAME in the keyring.</source>
        <translation>以 JSON 表示一个服务器：{"command": …, "args": […]} 或 {"type": "http", "url": …}。不要在此写入机密：写 ${secret:NAME}，并将 NAME 保存在密钥环中。</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="141" />
        <source>Forget this server's sign-in (the OAuth tokens in the OS keyring)</source>
        <translation>忘记此服务器的登录信息（系统密钥环中的 OAuth 令牌）</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="143" />
        <source>Not signed in to this server</source>
        <translation>未登录此服务器</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="164" />
        <source>a server needs a name and a JSON object</source>
        <translation>服务器需要名称和 JSON 对象</translation>
    </message>
</context>
<context>
    <name>ServerPanel</name>
    <message>
        <location filename="../app/widgets/servers.py" line="232" />
        <source>MCP servers</source>
        <translation>MCP 服务器</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="233" />
        <source>This agent has no MCP servers.</source>
        <translation>此智能体没有 MCP 服务器。</translation>
    </message>
</context>
<context>
    <name>ServerRow</name>
    <message>
        <location filename="../app/widgets/servers.py" line="139" />
        <source>connected</source>
        <translation>已连接</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="141" />
        <source>off</source>
        <translation>已关闭</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="143" />
        <source>connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="147" />
        <source>failed · reconnecting in {seconds} s</source>
        <translation>失败 · {seconds} 秒后重新连接</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="148" />
        <source>failed · reconnecting…</source>
        <translation>失败 · 正在重新连接…</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="149" />
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="156" />
        <source>Reconnect</source>
        <translation>重新连接</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="157" />
        <source>Reconnect {server}</source>
        <translation>重新连接 {server}</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="161" />
        <source>Reason: {error}</source>
        <translation>原因：{error}</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="164" />
        <source>Tools ({count})</source>
        <translation>工具（{count}）</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../app/settings/dialog.py" line="155" />
        <location filename="../app/settings/dialog.py" line="351" />
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="156" />
        <source>Templates</source>
        <translation>模板</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="157" />
        <source>Agents</source>
        <translation>智能体</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="158" />
        <source>Village</source>
        <translation>村</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="165" />
        <source>Village name</source>
        <translation>村名</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="165" />
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="165" />
        <source>Image results</source>
        <translation>图像结果</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="165" />
        <source>Vision relay</source>
        <translation>视觉中继</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="171" />
        <source>An agent whose model cannot read images gets this template's description of each tool image instead, so a watch or a chat on a text-only model still sees the camera.</source>
        <translation>模型无法读取图片的智能体会改为收到此模板对每张工具图片的描述，这样纯文本模型的看护或聊天也能看到摄像头。</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="176" />
        <source>Send images returned by MCP tools to the model</source>
        <translation>将 MCP 工具返回的图像发送给模型</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="179" />
        <source>Images returned by tools are sent to the model provider of the agent that called the tool.</source>
        <translation>工具返回的图像会发送给调用该工具的智能体的模型提供商。</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="182" />
        <location filename="../app/settings/dialog.py" line="356" />
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="183" />
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="214" />
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="226" />
        <source>(file)</source>
        <translation>（文件）</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="293" />
        <source>{path} is not a configuration the app can read ({problems}). Fix it in an editor or move it aside, then Save again: Settings does not replace it.</source>
        <translation>{path} 不是本应用能读取的配置文件（{problems}）。请在编辑器中修正或将其移走，然后再次保存：设置不会替换它。</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="305" />
        <source>could not write {path}: {error}</source>
        <translation>无法写入 {path}：{error}</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="313" />
        <source>Saved ✓</source>
        <translation>已保存 ✓</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="335" />
        <source>The OS keyring could not be reached: store the key again under {entries}.</source>
        <translation>无法连接到系统密钥环：请在 {entries} 下重新保存密钥。</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="353" />
        <source>Save the changes to the settings?</source>
        <translation>要保存对设置的更改吗？</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="357" />
        <source>Discard</source>
        <translation>放弃</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="358" />
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>SignInLinkDialog</name>
    <message>
        <location filename="../app/widgets/sign_in_link.py" line="56" />
        <source>Sign in to an MCP server</source>
        <translation>登录 MCP 服务器</translation>
    </message>
    <message>
        <location filename="../app/widgets/sign_in_link.py" line="59" />
        <source>No browser could be opened. Open this link in a browser on this computer to sign in; the agent connects once you have signed in.</source>
        <translation>无法打开浏览器。请在这台电脑的浏览器中打开此链接进行登录；登录后智能体即会连接。</translation>
    </message>
    <message>
        <location filename="../app/widgets/sign_in_link.py" line="63" />
        <source>Copy link</source>
        <translation>复制链接</translation>
    </message>
    <message>
        <location filename="../app/widgets/sign_in_link.py" line="64" />
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../app/widgets/sign_in_link.py" line="73" />
        <source>Copied</source>
        <translation>已复制</translation>
    </message>
</context>
<context>
    <name>StartupProblemDialog</name>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="122" />
        <source>Configuration problem</source>
        <translation>配置问题</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="125" />
        <source>{file} is not valid JSON</source>
        <translation>{file} 不是有效的 JSON</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="127" />
        <source>Fuseforks cannot read this configuration file. Fix the marked place in an editor, save it, then press Try again.</source>
        <translation>Fuseforks 无法读取此配置文件。请在编辑器中修正标出的位置并保存，然后点击“重试”。</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="131" />
        <source>{file} has values Fuseforks cannot use</source>
        <translation>{file} 中有 Fuseforks 无法使用的值</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="133" />
        <source>Each line below names a setting by its place in the file and what is wrong with it. Fix them in an editor, save the file, then press Try again.</source>
        <translation>下面每一行按文件中的位置指出一项设置及其问题。请在编辑器中修正并保存文件，然后点击“重试”。</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="137" />
        <source>{file} has settings Fuseforks does not know</source>
        <translation>{file} 中有 Fuseforks 不认识的设置</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="139" />
        <source>They are ignored (and kept when Settings saves the file). Continue starts the village with the rest of the file; a misspelt key is worth fixing first.</source>
        <translation>这些设置会被忽略（在设置中保存文件时会保留）。点击“继续”将用文件中的其余设置启动村；如果是拼写错误，建议先修正。</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="143" />
        <source>{file} was not found</source>
        <translation>找不到 {file}</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="145" />
        <source>There is no configuration file at this path. Check the path given with --config, or start the demo village.</source>
        <translation>此路径下没有配置文件。请检查 --config 指定的路径，或启动演示村。</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="150" />
        <source>File: {path}</source>
        <translation>文件：{path}</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="152" />
        <source>Open the file</source>
        <translation>打开文件</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="153" />
        <source>Open its folder</source>
        <translation>打开所在文件夹</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="154" />
        <source>Try again</source>
        <translation>重试</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="155" />
        <source>Start the demo village</source>
        <translation>启动演示村</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="156" />
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="157" />
        <source>Continue</source>
        <translation>继续</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="158" />
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="164" />
        <source>Line {line}, column {column}:</source>
        <translation>第 {line} 行，第 {column} 列：</translation>
    </message>
</context>
<context>
    <name>StoragePage</name>
    <message>
        <location filename="../app/settings/storage_page.py" line="105" />
        <source>Cleaning up…</source>
        <translation>正在清理…</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="118" />
        <source>The clean-up failed: {error}</source>
        <translation>清理失败：{error}</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="126" />
        <source>Storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="130" />
        <source>Database</source>
        <translation>数据库</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="131" />
        <source>Images and texts</source>
        <translation>图片和文本</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="132" />
        <source>Spilled tool results</source>
        <translation>转存的工具结果</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="133" />
        <source>Media cache copies</source>
        <translation>媒体缓存副本</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="134" />
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="144" />
        <source>{size} MB</source>
        <translation>{size} MB</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="145" />
        <source>Keep conversations (days)</source>
        <translation>会话保留天数</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="146" />
        <source>For ever</source>
        <translation>永久</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="149" />
        <source>Older conversations are deleted with their images at start-up and by Clean up now, except each agent's current one. Saved with the settings.</source>
        <translation>更早的会话会在启动时和“立即清理”时连同图片一起删除（各智能体的当前会话除外）。随设置一起保存。</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="153" />
        <source>Clean up now</source>
        <translation>立即清理</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="155" />
        <source>The app runs without history: nothing is stored.</source>
        <translation>应用在无历史记录模式下运行：不保存任何内容。</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="158" />
        <source>Freed {size} MB: {files} files, {conversations} conversations.</source>
        <translation>已释放 {size} MB：{files} 个文件，{conversations} 个会话。</translation>
    </message>
</context>
<context>
    <name>StoreNotice</name>
    <message>
        <location filename="../app/widgets/store_notice.py" line="83" />
        <source>Your conversation history could not be opened: the file was damaged and was set aside as {file}. New conversations are saved in a fresh store; the damaged file and the saved results stay in the data folder (keep them for a recovery or a bug report).</source>
        <translation>无法打开对话历史：文件已损坏，已另存为 {file}。新的对话会保存到新的存储中；损坏的文件和已保存的结果仍保留在数据文件夹中（请保留以便恢复或报告问题）。</translation>
    </message>
    <message>
        <location filename="../app/widgets/store_notice.py" line="89" />
        <source>Your conversation history was not found: {file} is missing from the data folder, though results of earlier conversations are still there. Past conversations are not shown and new ones start a fresh store. If you moved or restored the data folder, quit the app and put {file} back.</source>
        <translation>找不到对话历史：数据文件夹中缺少 {file}，但以前对话的结果仍在。过去的对话不会显示，新的对话将保存到新的存储中。如果您移动或恢复过数据文件夹，请退出应用并将 {file} 放回原处。</translation>
    </message>
    <message>
        <location filename="../app/widgets/store_notice.py" line="96" />
        <source>Running without history: the data folder {folder} could not be used ({detail}). Nothing from this session is saved and past conversations are not shown. Make sure the folder exists and is writable, then restart the app.</source>
        <translation>正在无历史记录模式下运行：无法使用数据文件夹 {folder}（{detail}）。本次会话的内容不会被保存，过去的对话也不会显示。请确认该文件夹存在且可写，然后重新启动应用。</translation>
    </message>
    <message>
        <location filename="../app/widgets/store_notice.py" line="101" />
        <source>Saving failed ({detail}): this turn is not saved and will be missing from your history after a restart; the chat goes on. Free disk space or check that the data folder is writable.</source>
        <translation>保存失败（{detail}）：此轮对话未被保存，重新启动后不会出现在历史记录中；聊天可以继续。请释放磁盘空间，或检查数据文件夹是否可写。</translation>
    </message>
    <message>
        <location filename="../app/widgets/store_notice.py" line="120" />
        <source>Open data folder</source>
        <translation>打开数据文件夹</translation>
    </message>
    <message>
        <location filename="../app/widgets/store_notice.py" line="121" />
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>TemplatesPage</name>
    <message>
        <location filename="../app/settings/templates_page.py" line="154" />
        <source>Templates</source>
        <translation>模板</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="155" />
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="156" />
        <source>Add from preset</source>
        <translation>从预设添加</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="157" />
        <source>Duplicate</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="158" />
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="162" />
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="163" />
        <source>Protocol</source>
        <translation>协议</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="164" />
        <source>Base URL</source>
        <translation>基础 URL</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="165" />
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="166" />
        <source>Tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="167" />
        <source>Images</source>
        <translation>图像</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="168" />
        <source>Keyring entry</source>
        <translation>密钥环条目</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="169" />
        <source>Timeout</source>
        <translation>超时</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="170" />
        <source>Retries</source>
        <translation>重试次数</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="171" />
        <source>Streaming</source>
        <translation>流式输出</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="176" />
        <source>Send tools to the model</source>
        <translation>向模型提供工具</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="177" />
        <source>The model reads images</source>
        <translation>模型可读取图像</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="178" />
        <source>empty: this endpoint needs no key</source>
        <translation>留空：此端点无需密钥</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="179" />
        <source>s</source>
        <translation>秒</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="180" />
        <source>How long one request may take</source>
        <translation>单次请求允许的时长</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="181" />
        <source>How often a failed request is tried (the first try included)</source>
        <translation>失败的请求最多尝试的次数（含第一次）</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="182" />
        <source>Show the answer while it is written</source>
        <translation>边生成边显示回答</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="281" />
        <source>for example {model}</source>
        <translation>例如 {model}</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="295" />
        <location filename="../app/settings/templates_page.py" line="300" />
        <source>New template</source>
        <translation>新模板</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="309" />
        <source>copy</source>
        <translation>副本</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="322" />
        <source>used by {agents}; choose another template for them first</source>
        <translation>{agents} 正在使用；请先为其选择其他模板</translation>
    </message>
</context>
<context>
    <name>TimelinePane</name>
    <message>
        <location filename="../app/timeline_pane.py" line="78" />
        <source>Chat</source>
        <translation>聊天</translation>
    </message>
    <message>
        <location filename="../app/timeline_pane.py" line="81" />
        <source>Timeline ({count})</source>
        <translation>时间线（{count}）</translation>
    </message>
    <message>
        <location filename="../app/timeline_pane.py" line="83" />
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <location filename="../app/widgets/timeline.py" line="156" />
        <source>Today</source>
        <translation>今天</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="158" />
        <source>Yesterday</source>
        <translation>昨天</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="162" />
        <source>Deleted watch</source>
        <translation>已删除的看护</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="170" />
        <source>{when} · importance {importance} · {watch}</source>
        <translation>{when} · 重要性 {importance} · {watch}</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="181" />
        <source>Any importance</source>
        <translation>任意重要性</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="182" />
        <source>Importance {n} or more</source>
        <translation>重要性 {n} 及以上</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="183" />
        <source>Importance 5 only</source>
        <translation>仅重要性 5</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="187" />
        <source>Watch</source>
        <translation>看护</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="188" />
        <source>Importance</source>
        <translation>重要性</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="189" />
        <source>Day</source>
        <translation>日期</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="190" />
        <source>Camera events</source>
        <translation>相机事件</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="191" />
        <source>Show picture</source>
        <translation>显示图片</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="192" />
        <source>Open conversation</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="193" />
        <source>Show the picture full size</source>
        <translation>以原尺寸显示图片</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="222" />
        <source>Events: {count}</source>
        <translation>事件：{count}</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="228" />
        <source>No events match these filters.</source>
        <translation>没有符合这些筛选条件的事件。</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="230" />
        <source>No camera events yet. When a watch reports one, it appears here.</source>
        <translation>还没有相机事件。看护报告事件后会显示在这里。</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="257" />
        <source>All watches</source>
        <translation>所有看护</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="263" />
        <source>All days</source>
        <translation>所有日期</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="374" />
        <location filename="../app/widgets/timeline.py" line="385" />
        <location filename="../app/widgets/timeline.py" line="438" />
        <source>No picture</source>
        <translation>无图片</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="397" />
        <source>(no summary)</source>
        <translation>（无摘要）</translation>
    </message>
</context>
<context>
    <name>ToolPanel</name>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="277" />
        <source>Show earlier ({count})</source>
        <translation>显示更早的内容（{count}）</translation>
    </message>
</context>
<context>
    <name>ToolRow</name>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="133" />
        <source>{seconds} s</source>
        <translation>{seconds} 秒</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="191" />
        <source>{ms} ms</source>
        <translation>{ms} ms</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="204" />
        <source>running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="205" />
        <source>ok</source>
        <translation>成功</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="206" />
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="207" />
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="208" />
        <source>not executed</source>
        <translation>未执行</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="209" />
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="213" />
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="214" />
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="215" />
        <source>Shown to you only (not sent to the model)</source>
        <translation>仅向你显示（未发送给模型）</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="230" />
        <source>Show or hide the exact input and output</source>
        <translation>显示或隐藏原始输入和输出</translation>
    </message>
</context>
<context>
    <name>WatchDialog</name>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="231" />
        <source>New watch for {agent}</source>
        <translation>为 {agent} 新建看护</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="232" />
        <source>Start watching</source>
        <translation>开始看护</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="234" />
        <source>Edit watch of {agent}</source>
        <translation>编辑 {agent} 的看护</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="235" />
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="236" />
        <source>Tell me when a bird is at the feeder</source>
        <translation>喂食器上有鸟时告诉我</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="237" />
        <source>(the instruction's start)</source>
        <translation>（指示的开头）</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="239" />
        <source>Watch for</source>
        <translation>看护内容</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="240" />
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="241" />
        <source>Camera tool</source>
        <translation>相机工具</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="242" />
        <source>Look</source>
        <translation>查看频率</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="243" />
        <source>Model calls per hour</source>
        <translation>每小时模型调用上限</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="244" />
        <source>Tokens per day</source>
        <translation>每天令牌上限</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="245" />
        <source>Notify from importance</source>
        <translation>通知的重要度下限</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="246" />
        <source>Quiet after a notification (min)</source>
        <translation>通知后的静默时间（分钟）</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="247" />
        <source>End</source>
        <translation>结束</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="248" />
        <source>Keep events (days, 0: always)</source>
        <translation>事件保留天数（0：永久）</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="249" />
        <source>Keep pictures up to (MB, 0: no cap)</source>
        <translation>图片保留上限（MB，0：不限）</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="253" />
        <source>Sensitivity</source>
        <translation>灵敏度</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="255" />
        <source>1 (every event)</source>
        <translation>1（所有事件）</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="259" />
        <source>5 (only the most important)</source>
        <translation>5（仅最重要的）</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="260" />
        <source>never</source>
        <translation>从不</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="264" />
        <source>Stop watching at</source>
        <translation>停止看护的时间</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="265" />
        <source>Show the model its previous picture too</source>
        <translation>同时给模型看上一张画面</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="266" />
        <source>Take a picture</source>
        <translation>拍一张</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="267" />
        <source>Whole picture</source>
        <translation>整个画面</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="275" />
        <source>{value}: any moved pixel of the region sends the frame to the model.</source>
        <translation>{value}：区域内任何像素变化都会把该帧发送给模型。</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="277" />
        <source>{value}: only a change of the whole region sends the frame to the model.</source>
        <translation>{value}：只有整个区域都变化时才把该帧发送给模型。</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="280" />
        <source>{value}: a frame goes to the model when about {share} % of the region changed (change score {threshold} or more).</source>
        <translation>{value}：区域约 {share} % 发生变化时把该帧发送给模型（变化分数 {threshold} 及以上）。</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="291" />
        <source>Region: the whole picture. Drag on the picture to choose a part.</source>
        <translation>区域：整个画面。在画面上拖动可选择一部分。</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="295" />
        <source>Region: {w} % × {h} % of the picture, from {x} % left, {y} % top.</source>
        <translation>区域：画面的 {w} % × {h} %，距左 {x} %，距上 {y} %。</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="322" />
        <source>The camera tool returned no picture.</source>
        <translation>相机工具没有返回画面。</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="329" />
        <source>No picture from the camera: {reason}</source>
        <translation>无法从相机获取画面：{reason}</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="362" />
        <source>Write what to watch for.</source>
        <translation>请写下要看护的内容。</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="364" />
        <source>Choose the camera tool.</source>
        <translation>请选择相机工具。</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="366" />
        <source>Write the times of day as 07:30, 18:00.</source>
        <translation>请把时间写成 07:30, 18:00 这样的格式。</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="368" />
        <source>Choose an interval of at least {least} seconds.</source>
        <translation>请选择至少 {least} 秒的间隔。</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="369" />
        <source>This watch cannot run: {detail}</source>
        <translation>此看护无法运行：{detail}</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="396" />
        <source>The watch was not saved: {error}</source>
        <translation>看护未保存：{error}</translation>
    </message>
</context>
<context>
    <name>WatchPanel</name>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="309" />
        <source>Watches</source>
        <translation>看护</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="310" />
        <source>Watch…</source>
        <translation>看护…</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="311" />
        <source>New watch</source>
        <translation>新建看护</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="312" />
        <source>No watches. Press Watch… to have this agent watch its camera.</source>
        <translation>没有看护。按“看护…”让这个智能体看护它的相机。</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="390" />
        <source>Delete watch</source>
        <translation>删除看护</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="393" />
        <source>Delete the watch “{watch}”?</source>
        <translation>删除看护“{watch}”？</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="396" />
        <source>Its timeline holds {count} events. Keep them, or delete them with their pictures?</source>
        <translation>它的时间线有 {count} 个事件。保留它们，还是连同图片一起删除？</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="399" />
        <source>Delete, keep the timeline</source>
        <translation>删除，保留时间线</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="400" />
        <source>Delete with its timeline</source>
        <translation>连同时间线一起删除</translation>
    </message>
</context>
<context>
    <name>WatchRow</name>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="150" />
        <source>at {times}</source>
        <translation>在 {times}</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="152" />
        <source>continuously, a frame every {seconds} s</source>
        <translation>连续，每 {seconds} 秒一帧</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="154" />
        <source>every {minutes} min</source>
        <translation>每 {minutes} 分钟</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="155" />
        <source>every {seconds} s</source>
        <translation>每 {seconds} 秒</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="160" />
        <source>Watching</source>
        <translation>看护中</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="163" />
        <location filename="../app/widgets/watch_panel.py" line="173" />
        <source>Ended at its stop time</source>
        <translation>已在结束时间停止</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="164" />
        <source>Stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="167" />
        <source>Paused: the {limit} calls of this hour are spent</source>
        <translation>已暂停：本小时的 {limit} 次调用已用完</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="169" />
        <source>Paused: today's {limit} tokens are spent</source>
        <translation>已暂停：今天的 {limit} 令牌已用完</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="175" />
        <source>Paused: this agent's model cannot read images and no vision relay is set</source>
        <translation>已暂停：此智能体的模型无法读取图像，且未设置视觉中继</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="177" />
        <source>Paused: the camera tool {tool} is gone</source>
        <translation>已暂停：相机工具 {tool} 不存在了</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="179" />
        <source>Paused: the history could not be written</source>
        <translation>已暂停：无法写入历史记录</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="181" />
        <source>Paused after an error</source>
        <translation>因出错而暂停</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="183" />
        <source>Ready: not started yet</source>
        <translation>已就绪：尚未开始</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="184" />
        <source>Paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="189" />
        <source>kept {days} days</source>
        <translation>保留 {days} 天</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="189" />
        <source>kept until deleted</source>
        <translation>保留到删除为止</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="190" />
        <source>timeline: {count} events, {size} MB, {kept}</source>
        <translation>时间线：{count} 个事件，{size} MB，{kept}</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="197" />
        <source>vision calls {calls} / {calls_limit} this hour, {tokens} / {tokens_limit} tokens today</source>
        <translation>视觉调用 {calls} / {calls_limit}（本小时），令牌 {tokens} / {tokens_limit}（今天）</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="207" />
        <source>change score: no frame yet</source>
        <translation>变化分数：还没有画面</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="210" />
        <source>change score {score} (threshold {threshold}): sent to the model</source>
        <translation>变化分数 {score}（阈值 {threshold}）：已发送给模型</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="212" />
        <source>change score {score} (threshold {threshold}): not sent</source>
        <translation>变化分数 {score}（阈值 {threshold}）：未发送</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="233" />
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="233" />
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="233" />
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="236" />
        <source>Pause {watch}</source>
        <translation>暂停 {watch}</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="236" />
        <source>Resume {watch}</source>
        <translation>继续 {watch}</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="238" />
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="240" />
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="241" />
        <source>Delete</source>
        <translation>删除</translation>
    </message>
</context>
<context>
    <name>WatchToast</name>
    <message>
        <location filename="../app/widgets/watch_toast.py" line="125" />
        <source>Camera event · importance {importance}</source>
        <translation>相机事件 · 重要性 {importance}</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_toast.py" line="126" />
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_toast.py" line="127" />
        <location filename="../app/widgets/watch_toast.py" line="128" />
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>WebCompanionBox</name>
    <message>
        <location filename="../app/settings/web_box.py" line="92" />
        <source>Web companion</source>
        <translation>网页伴侣</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="93" />
        <source>Serve this village to a web browser on this computer</source>
        <translation>在本机的网页浏览器中提供此村庄</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="94" />
        <source>Also on the local network (a phone in the same network)</source>
        <translation>也在局域网中提供（同一网络中的手机）</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="95" />
        <source>Copy sign-in link</source>
        <translation>复制登录链接</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="96" />
        <source>New token</source>
        <translation>新令牌</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="117" />
        <source>Scan it with the phone's camera. It carries the token: show it only to your own devices.</source>
        <translation>用手机相机扫描。它包含令牌：只给你自己的设备看。</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="101" />
        <source>Off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="106" />
        <source>Hide QR code</source>
        <translation>隐藏二维码</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="106" />
        <source>Show QR code</source>
        <translation>显示二维码</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="120" />
        <source>This link opens on this computer only (127.0.0.1): for a phone, tick “Also on the local network” first. It carries the token: show it only to your own devices.</source>
        <translation>此链接只能在本机打开（127.0.0.1）：要用手机扫描，请先勾选“也在局域网中提供”。它包含令牌：只给你自己的设备看。</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="142" />
        <source>The web companion could not start: {error}</source>
        <translation>网页伴侣无法启动：{error}</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="149" />
        <source>Sign-in link copied. It carries the token: open it only on your own devices.</source>
        <translation>已复制登录链接。它包含令牌：只在你自己的设备上打开。</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="158" />
        <source>No new token: {error}</source>
        <translation>无法生成新令牌：{error}</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="160" />
        <source>New token made: every signed-in page must sign in again.</source>
        <translation>已生成新令牌：所有已登录的页面都必须重新登录。</translation>
    </message>
</context>
</TS>