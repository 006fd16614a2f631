<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
<context>
    <name>AgentList</name>
    <message>
        <location filename="../app/widgets/agents.py" line="40" />
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="40" />
        <source>Template</source>
        <translation>模板</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="40" />
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="40" />
        <source>Tokens</source>
        <translation>令牌</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="64" />
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="66" />
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="67" />
        <source>idle</source>
        <translation>空闲</translation>
    </message>
</context>
<context>
    <name>AgentsPage</name>
    <message>
        <location filename="../app/settings/agents_page.py" line="112" />
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="113" />
        <source>Template</source>
        <translation>模板</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="114" />
        <source>System prompt</source>
        <translation>系统提示词</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="115" />
        <source>MCP servers</source>
        <translation>MCP 服务器</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="116" />
        <source>Connected agents</source>
        <translation>关联的智能体</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="117" />
        <source>Built-in tools</source>
        <translation>内置工具</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="122" />
        <source>May ask me questions (ask_user_question)</source>
        <translation>可以向我提问（ask_user_question）</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="124" />
        <source>May run Python code on this computer (execute_code)</source>
        <translation>可以在这台电脑上运行 Python 代码（execute_code）</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="126" />
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="127" />
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="128" />
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="129" />
        <source>Paste Claude Desktop JSON…</source>
        <translation>粘贴 Claude Desktop JSON…</translation>
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
        <location filename="../app/widgets/chat.py" line="109" />
        <source>working…</source>
        <translation>处理中…</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="110" />
        <source>Show earlier ({count})</source>
        <translation>显示更早的内容（{count}）</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="201" />
        <source>Continuing the turn where it stopped.</source>
        <translation>从中断处继续这个回合。</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="207" />
        <source>Request passed on from {source}:</source>
        <translation>由 {source} 转来的请求：</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="212" />
        <source>Passed the request on to {to}.</source>
        <translation>已将请求转给 {to}。</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="218" />
        <source>Stopped.</source>
        <translation>已停止。</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="220" />
        <source>Paused. Press Resume to continue.</source>
        <translation>已暂停。按“继续”接着进行。</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="226" />
        <source>The turn failed ({code}): {message}</source>
        <translation>本轮失败（{code}）：{message}</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <location filename="../app/widgets/composer.py" line="60" />
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <location filename="../app/widgets/composer.py" line="60" />
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../app/widgets/composer.py" line="65" />
        <source>Message the selected agent (Enter sends, Shift+Enter adds a line)</source>
        <translation>发给所选智能体的消息（Enter 发送，Shift+Enter 换行）</translation>
    </message>
    <message>
        <location filename="../app/widgets/composer.py" line="67" />
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <location filename="../app/widgets/composer.py" line="68" />
        <source>Stop</source>
        <translation>停止</translation>
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
        <location filename="../app/widgets/help_menu.py" line="33" />
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../app/widgets/help_menu.py" line="34" />
        <source>Open log folder</source>
        <translation>打开日志文件夹</translation>
    </message>
    <message>
        <location filename="../app/widgets/help_menu.py" line="35" />
        <location filename="../app/widgets/help_menu.py" line="62" />
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <location filename="../app/widgets/help_menu.py" line="36" />
        <location filename="../app/widgets/help_menu.py" line="66" />
        <source>About Fuseforks</source>
        <translation>关于 Fuseforks</translation>
    </message>
    <message>
        <location filename="../app/widgets/help_menu.py" line="68" />
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
        <location filename="../app/widgets/preview.py" line="172" />
        <source>Save image…</source>
        <translation>保存图像…</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="173" />
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="174" />
        <source>Click to open the full-size image</source>
        <translation>点击打开原尺寸图像</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="176" />
        <source>Loading image…</source>
        <translation>正在加载图像…</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="196" />
        <source>The image could not be decoded.</source>
        <translation>无法解码该图像。</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="231" />
        <source>Save image</source>
        <translation>保存图像</translation>
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
        <location filename="../app/main_window.py" line="213" />
        <source>Fuseforks — {village}</source>
        <translation>Fuseforks — {village}</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="214" />
        <source>Agents</source>
        <translation>智能体</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="215" />
        <source>Chat</source>
        <translation>聊天</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="216" />
        <source>Tool calls</source>
        <translation>工具调用</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="218" />
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="219" />
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="220" />
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="230" />
        <source>Error: {error}</source>
        <translation>错误：{error}</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="285" />
        <source>This agent is still working; press Stop first.</source>
        <translation>该智能体仍在工作，请先按停止。</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="313" />
        <source>Pausing at the next step…</source>
        <translation>将在下一步暂停…</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="328" />
        <source>A paused turn is waiting. Press Resume to continue it.</source>
        <translation>有一个已暂停的回合。按“继续”接着进行。</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="348" />
        <source>Stopping at the next step…</source>
        <translation>将在下一步停止…</translation>
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
    <name>RootsEditor</name>
    <message>
        <location filename="../app/settings/server_roots.py" line="66" />
        <source>Folders this server may see (MCP roots); none: it is told of no folder</source>
        <translation>此服务器可以看到的文件夹（MCP 根目录）；无：不告知任何文件夹</translation>
    </message>
    <message>
        <location filename="../app/settings/server_roots.py" line="67" />
        <source>Add folder…</source>
        <translation>添加文件夹…</translation>
    </message>
    <message>
        <location filename="../app/settings/server_roots.py" line="68" />
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location filename="../app/settings/server_roots.py" line="107" />
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
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="88" />
        <source>Sign out</source>
        <translation>退出登录</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="90" />
        <source>server name (letters, digits, _ and -)</source>
        <translation>服务器名称（字母、数字、_ 和 -）</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="93" />
        <source>Paste the whole Claude Desktop block {"mcpServers": {…}}; the servers are added to this agent.</source>
        <translation>粘贴完整的 Claude Desktop 配置块 {"mcpServers": {…}}；服务器会添加到此智能体。</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="97" />
        <source>One server as JSON: {"command": …, "args": […]} or {"type": "http", "url": …}. No secrets here: write ${secret:NAME} and store NAME in the keyring.</source>
        <translation>以 JSON 表示一个服务器：{"command": …, "args": […]} 或 {"type": "http", "url": …}。不要在此写入机密：写 ${secret:NAME}，并将 NAME 保存在密钥环中。</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="140" />
        <source>Forget this server's sign-in (the OAuth tokens in the OS keyring)</source>
        <translation>忘记此服务器的登录信息（系统密钥环中的 OAuth 令牌）</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="142" />
        <source>Not signed in to this server</source>
        <translation>未登录此服务器</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="163" />
        <source>a server needs a name and a JSON object</source>
        <translation>服务器需要名称和 JSON 对象</translation>
    </message>
</context>
<context>
    <name>ServerPanel</name>
    <message>
        <location filename="../app/widgets/servers.py" line="211" />
        <source>MCP servers</source>
        <translation>MCP 服务器</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="212" />
        <source>This agent has no MCP servers.</source>
        <translation>此智能体没有 MCP 服务器。</translation>
    </message>
</context>
<context>
    <name>ServerRow</name>
    <message>
        <location filename="../app/widgets/servers.py" line="131" />
        <source>connected</source>
        <translation>已连接</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="133" />
        <source>off</source>
        <translation>已关闭</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="135" />
        <source>connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="139" />
        <source>failed · reconnecting in {seconds} s</source>
        <translation>失败 · {seconds} 秒后重新连接</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="140" />
        <source>failed · reconnecting…</source>
        <translation>失败 · 正在重新连接…</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="141" />
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="148" />
        <source>Reconnect</source>
        <translation>重新连接</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="149" />
        <source>Reconnect {server}</source>
        <translation>重新连接 {server}</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="153" />
        <source>Reason: {error}</source>
        <translation>原因：{error}</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="156" />
        <source>Tools ({count})</source>
        <translation>工具（{count}）</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../app/settings/dialog.py" line="121" />
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="122" />
        <source>Templates</source>
        <translation>模板</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="123" />
        <source>Agents</source>
        <translation>智能体</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="124" />
        <source>Village</source>
        <translation>村</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="129" />
        <source>Village name</source>
        <translation>村名</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="129" />
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="129" />
        <source>Image results</source>
        <translation>图像结果</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="133" />
        <source>Send images returned by MCP tools to the model</source>
        <translation>将 MCP 工具返回的图像发送给模型</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="136" />
        <source>Images returned by tools are sent to the model provider of the agent that called the tool.</source>
        <translation>工具返回的图像会发送给调用该工具的智能体的模型提供商。</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="139" />
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="140" />
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="163" />
        <source>(file)</source>
        <translation>（文件）</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="218" />
        <source>could not write {path}: {error}</source>
        <translation>无法写入 {path}：{error}</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="222" />
        <source>Saved ✓</source>
        <translation>已保存 ✓</translation>
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
        <location filename="../app/settings/templates_page.py" line="151" />
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="152" />
        <source>Duplicate</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="153" />
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="157" />
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="158" />
        <source>Protocol</source>
        <translation>协议</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="159" />
        <source>Base URL</source>
        <translation>基础 URL</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="160" />
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="161" />
        <source>Tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="162" />
        <source>Images</source>
        <translation>图像</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="163" />
        <source>Keyring entry</source>
        <translation>密钥环条目</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="168" />
        <source>Send tools to the model</source>
        <translation>向模型提供工具</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="169" />
        <source>The model reads images</source>
        <translation>模型可读取图像</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="170" />
        <source>empty: this endpoint needs no key</source>
        <translation>留空：此端点无需密钥</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="171" />
        <source>API key (stored only in the OS keyring)</source>
        <translation>API 密钥（仅保存在系统密钥环中）</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="172" />
        <source>Paste the key here; it is never shown again</source>
        <translation>在此粘贴密钥；之后不会再显示</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="173" />
        <source>Store key</source>
        <translation>保存密钥</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="174" />
        <source>Delete key</source>
        <translation>删除密钥</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="175" />
        <source>Keep the key for this session only</source>
        <translation>仅在本次会话中保留密钥</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="249" />
        <source>for example {model}</source>
        <translation>例如 {model}</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="258" />
        <source>New template</source>
        <translation>新模板</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="266" />
        <source>copy</source>
        <translation>副本</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="279" />
        <source>used by {agents}; choose another template for them first</source>
        <translation>{agents} 正在使用；请先为其选择其他模板</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="295" />
        <source>No key needed (no keyring entry named)</source>
        <translation>无需密钥（未指定密钥环条目）</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="297" />
        <source>Key present (kept for this session only)</source>
        <translation>已有密钥（仅在本次会话中保留）</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="299" />
        <source>Key present in the OS keyring</source>
        <translation>系统密钥环中已有密钥</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="301" />
        <source>No key stored</source>
        <translation>未保存密钥</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="329" />
        <source>No OS keyring is available on this system, so the key cannot be stored. You can keep it in memory for this session only; it is forgotten when the app closes.</source>
        <translation>此系统没有可用的系统密钥环，无法保存密钥。可以仅在本次会话中将其保留在内存里；关闭应用后即被遗忘。</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="353" />
        <source>The OS keyring could not be reached.</source>
        <translation>无法访问系统密钥环。</translation>
    </message>
</context>
<context>
    <name>ToolPanel</name>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="271" />
        <source>Show earlier ({count})</source>
        <translation>显示更早的内容（{count}）</translation>
    </message>
</context>
<context>
    <name>ToolRow</name>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="165" />
        <source>{seconds} s</source>
        <translation>{seconds} 秒</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="212" />
        <source>running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="213" />
        <source>ok</source>
        <translation>成功</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="213" />
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="216" />
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="217" />
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="218" />
        <source>Shown to you only (not sent to the model)</source>
        <translation>仅向你显示（未发送给模型）</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="226" />
        <source>Show or hide the exact input and output</source>
        <translation>显示或隐藏原始输入和输出</translation>
    </message>
</context>
</TS>