"""Fill the .ts catalogues from the tables below, then compile them with pyside6-lrelease.

    .venv/bin/pyside6-lupdate app/*.py app/settings/*.py app/widgets/*.py -ts translations/fuseforks_ja.ts
    (same for en, zh)
    .venv/bin/python translations/fill.py

English is the source language: its catalogue maps every text to itself.

Over 400 lines because it is a data table (one entry per window text, ja and zh side by side);
the code is the last forty lines.
"""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

HERE = Path(__file__).resolve().parent
LRELEASE = Path(sys.executable).with_name("pyside6-lrelease")

ABOUT = (
    "Fuseforks {version}\n\nA village of AI agents that watch a camera through MCP tools.\n"
    "Images returned by tools are sent to the model provider of the agent that called the tool. "
    "See PRIVACY.md for what is kept on disk."
)
BANNER = (
    "This is the offline demo village. Muse's model is a script, not an AI: it takes one frame from the "
    "camera simulator and reports the picture's size and colours. To talk to a real model, open Settings, "
    "add a template and store its key."
)
PASTE_HINT = 'Paste the whole Claude Desktop block {"mcpServers": {…}}; the servers are added to this agent.'
SERVER_HINT = (
    'One server as JSON: {"command": …, "args": […]} or {"type": "http", "url": …}. '
    "No secrets here: write ${secret:NAME} and store NAME in the keyring."
)
NO_KEYRING = (
    "No OS keyring is available on this system, so the key cannot be stored. You can keep it in memory "
    "for this session only; it is forgotten when the app closes."
)
NO_BROWSER = (
    "No browser could be opened. Open this link in a browser on this computer to sign in; "
    "the agent connects once you have signed in."
)

STORE_MOVED_ASIDE = (
    "Your conversation history could not be opened: the file was damaged and was set aside as {file}. "
    "New conversations are saved in a fresh store; the damaged file and the saved results stay in the "
    "data folder (keep them for a recovery or a bug report)."
)
STORE_MISSING = (
    "Your conversation history was not found: {file} is missing from the data folder, though results of "
    "earlier conversations are still there. Past conversations are not shown and new ones start a fresh "
    "store. If you moved or restored the data folder, quit the app and put {file} back."
)
STORE_UNAVAILABLE = (
    "Running without history: the data folder {folder} could not be used ({detail}). Nothing from this "
    "session is saved and past conversations are not shown. Make sure the folder exists and is writable, "
    "then restart the app."
)
STORE_WRITE_FAILED = (
    "Saving failed ({detail}): this turn is not saved and will be missing from your history after a "
    "restart; the chat goes on. Free disk space or check that the data folder is writable."
)
HELD_UNKNOWN = (
    "Fuseforks is already running on this data folder, but it did not answer. "
    "Close the other Fuseforks, then start again. (Lock file: {path})"
)
HELD_BY = (
    "Fuseforks is already running on this data folder (process {pid}), but it did not answer. "
    "Close it, or end process {pid}, then start again. (Lock file: {path})"
)

# source: (ja, zh)
T: dict[str, tuple[str, str]] = {
    # the acceptance table (app/acceptance.py); "ok" and "failed" are the tool rows' words
    "item": ("項目", "项目"),
    "protocol": ("プロトコル", "协议"),
    "verdict": ("判定", "判定"),
    "growth": ("増加", "增长"),
    "problems": ("問題", "问题"),
    "not run": ("未実施", "未运行"),
    "manual": ("目視", "人工检查"),
    "Acceptance report": ("受け入れ確認レポート", "验收报告"),
    "Log: {path}": ("ログ: {path}", "日志：{path}"),
    "Refresh": ("再読み込み", "刷新"),
    "&From:": ("開始時刻(&F):", "起始时间(&F)："),
    "HH:MM or YYYY-MM-DD HH:MM; empty: the whole log": (
        "HH:MM または YYYY-MM-DD HH:MM。空ならログ全体",
        "HH:MM 或 YYYY-MM-DD HH:MM；留空则为整个日志",
    ),
    "Not a time: {text} (HH:MM[:SS], YYYY-MM-DD HH:MM[:SS] or ISO 8601)": (
        "時刻ではありません: {text}（HH:MM[:SS]、YYYY-MM-DD HH:MM[:SS] または ISO 8601）",
        "不是时间：{text}（HH:MM[:SS]、YYYY-MM-DD HH:MM[:SS] 或 ISO 8601）",
    ),
    "In the window, open the tool row of a camera turn: it ends with {line}": (
        "ウィンドウでカメラのターンのツール行を開いてください。末尾に{line}と表示されます",
        "在窗口中打开相机轮次的工具行：末尾显示{line}",
    ),
    "cannot read the log {path}: {error}": (
        "ログ {path} を読めません: {error}",
        "无法读取日志 {path}：{error}",
    ),
    "Agent": ("エージェント", "智能体"),
    "Template": ("テンプレート", "模板"),
    "State": ("状態", "状态"),
    "Tokens": ("トークン", "令牌"),
    "running": ("実行中", "运行中"),
    "error": ("エラー", "错误"),
    "idle": ("待機中", "空闲"),
    "working…": ("作業中…", "处理中…"),
    "Save image…": ("画像を保存…", "保存图像…"),
    "Copy": ("コピー", "复制"),
    "Click to open the full-size image": ("クリックで原寸の画像を開きます", "点击打开原尺寸图像"),
    "Loading image…": ("画像を読み込み中…", "正在加载图像…"),
    "The image could not be decoded.": ("画像を表示できませんでした。", "无法解码该图像。"),
    "Save image": ("画像を保存", "保存图像"),
    "Fuseforks — {village}": ("Fuseforks — {village}", "Fuseforks — {village}"),
    BANNER: (
        "これはオフラインのデモ村です。Muse のモデルは AI ではなくスクリプトです。カメラシミュレーターから1枚撮り、"
        "画像の大きさと色を報告します。実際のモデルと話すには、設定を開いてテンプレートを追加し、キーを保存してください。",
        "这是离线演示村。Muse 的模型是脚本而不是 AI：它从相机模拟器拍摄一帧，并报告图像的尺寸和颜色。"
        "要与真实模型对话，请打开设置，添加模板并保存密钥。",
    ),
    "Open Settings": ("設定を開く", "打开设置"),
    "Agents": ("エージェント", "智能体"),
    "Chat": ("チャット", "聊天"),
    "Tool calls": ("ツール呼び出し", "工具调用"),
    "Message the selected agent (Enter sends, Shift+Enter adds a line)": (
        "選択中のエージェントへのメッセージ（Enter で送信、Shift+Enter で改行）",
        "发给所选智能体的消息（Enter 发送，Shift+Enter 换行）",
    ),
    "Send": ("送信", "发送"),
    "Stop": ("停止", "停止"),
    "&File": ("ファイル(&F)", "文件(&F)"),
    "&Settings…": ("設定(&S)…", "设置(&S)…"),
    "&Quit": ("終了(&Q)", "退出(&Q)"),
    "&Help": ("ヘルプ(&H)", "帮助(&H)"),
    "Open log folder": ("ログフォルダーを開く", "打开日志文件夹"),
    "Version": ("バージョン", "版本"),
    "About Fuseforks": ("Fuseforks について", "关于 Fuseforks"),
    "Error: {error}": ("エラー: {error}", "错误：{error}"),
    "This agent is still working; press Stop first.": (
        "このエージェントはまだ作業中です。先に停止を押してください。",
        "该智能体仍在工作，请先按停止。",
    ),
    "Stopping at the next step…": ("次の区切りで停止します…", "将在下一步停止…"),
    "Request passed on from {source}:": ("{source} から引き継がれた依頼:", "由 {source} 转来的请求："),
    "Passed the request on to {to}.": ("依頼を {to} に引き継ぎました。", "已将请求转给 {to}。"),
    "Stopped.": ("停止しました。", "已停止。"),
    "Pause": ("一時停止", "暂停"),
    "Resume": ("再開", "继续"),
    "Pausing at the next step…": ("次の区切りで一時停止します…", "将在下一步暂停…"),
    "Paused. Press Resume to continue.": (
        "一時停止しました。「再開」で続けます。",
        "已暂停。按“继续”接着进行。",
    ),
    "A paused turn is waiting. Press Resume to continue it.": (
        "一時停止中のターンがあります。「再開」で続けます。",
        "有一个已暂停的回合。按“继续”接着进行。",
    ),
    "Continuing the turn where it stopped.": (
        "止まったところからターンを続けます。",
        "从中断处继续这个回合。",
    ),
    "The turn failed ({code}): {message}": (
        "ターンが失敗しました（{code}）: {message}",
        "本轮失败（{code}）：{message}",
    ),
    ABOUT: (
        "Fuseforks {version}\n\nMCP ツールを通してカメラを見る AI エージェントの村です。\n"
        "ツールが返した画像は、そのツールを呼び出したエージェントのモデル提供元に送られます。"
        "ディスクに保存されるものは PRIVACY.md を参照してください。",
        "Fuseforks {version}\n\n通过 MCP 工具观看相机的 AI 智能体村。\n"
        "工具返回的图像会发送给调用该工具的智能体的模型提供商。磁盘上保存的内容见 PRIVACY.md。",
    ),
    "Settings": ("設定", "设置"),
    "Templates": ("テンプレート", "模板"),
    "Village": ("村", "村"),
    "Add": ("追加", "添加"),
    "Duplicate": ("複製", "复制"),
    "Delete": ("削除", "删除"),
    "Name": ("名前", "名称"),
    "Protocol": ("プロトコル", "协议"),
    "Base URL": ("ベース URL", "基础 URL"),
    "Model": ("モデル", "模型"),
    "Tools": ("ツール", "工具"),
    "Images": ("画像", "图像"),
    "Keyring entry": ("キーリングの項目名", "密钥环条目"),
    "Send tools to the model": ("モデルにツールを渡す", "向模型提供工具"),
    "The model reads images": ("モデルは画像を読める", "模型可读取图像"),
    "empty: this endpoint needs no key": ("空欄: このエンドポイントはキー不要", "留空：此端点无需密钥"),
    "API key (stored only in the OS keyring)": (
        "API キー（OS のキーリングにのみ保存）",
        "API 密钥（仅保存在系统密钥环中）",
    ),
    "Paste the key here; it is never shown again": (
        "ここにキーを貼り付けます。二度と表示されません",
        "在此粘贴密钥；之后不会再显示",
    ),
    "Store key": ("キーを保存", "保存密钥"),
    "Delete key": ("キーを削除", "删除密钥"),
    "Keep the key for this session only": ("このセッションの間だけキーを保持", "仅在本次会话中保留密钥"),
    "System prompt": ("システムプロンプト", "系统提示词"),
    "MCP servers": ("MCP サーバー", "MCP 服务器"),
    "Connected agents": ("つながっているエージェント", "关联的智能体"),
    "Edit": ("編集", "编辑"),
    "Remove": ("削除", "移除"),
    "Paste Claude Desktop JSON…": ("Claude Desktop の JSON を貼り付け…", "粘贴 Claude Desktop JSON…"),
    "Apply": ("適用", "应用"),
    "server name (letters, digits, _ and -)": (
        "サーバー名（英数字、_ と -）",
        "服务器名称（字母、数字、_ 和 -）",
    ),
    PASTE_HINT: (
        'Claude Desktop のブロック {"mcpServers": {…}} をそのまま貼り付けます。サーバーはこのエージェントに追加されます。',
        '粘贴完整的 Claude Desktop 配置块 {"mcpServers": {…}}；服务器会添加到此智能体。',
    ),
    SERVER_HINT: (
        'サーバー1つを JSON で: {"command": …, "args": […]} または {"type": "http", "url": …}。'
        "秘密情報は書かず、${secret:NAME} と書いて NAME をキーリングに保存してください。",
        '以 JSON 表示一个服务器：{"command": …, "args": […]} 或 {"type": "http", "url": …}。'
        "不要在此写入机密：写 ${secret:NAME}，并将 NAME 保存在密钥环中。",
    ),
    "Village name": ("村の名前", "村名"),
    "Language": ("言語", "语言"),
    "Image results": ("画像の結果", "图像结果"),
    "Send images returned by MCP tools to the model": (
        "MCP ツールが返した画像をモデルに送る",
        "将 MCP 工具返回的图像发送给模型",
    ),
    "Images returned by tools are sent to the model provider of the agent that called the tool.": (
        "ツールが返した画像は、そのツールを呼び出したエージェントのモデル提供元に送られます。",
        "工具返回的图像会发送给调用该工具的智能体的模型提供商。",
    ),
    "Save": ("保存", "保存"),
    "Close": ("閉じる", "关闭"),
    "New template": ("新しいテンプレート", "新模板"),
    "copy": ("コピー", "副本"),
    "used by {agents}; choose another template for them first": (
        "{agents} が使用中です。先に別のテンプレートを選んでください",
        "{agents} 正在使用；请先为其选择其他模板",
    ),
    "No key needed (no keyring entry named)": (
        "キー不要（キーリングの項目名なし）",
        "无需密钥（未指定密钥环条目）",
    ),
    "Key present (kept for this session only)": (
        "キーあり（このセッションの間だけ保持）",
        "已有密钥（仅在本次会话中保留）",
    ),
    "Key present in the OS keyring": ("OS のキーリングにキーがあります", "系统密钥环中已有密钥"),
    "No key stored": ("キーは保存されていません", "未保存密钥"),
    NO_KEYRING: (
        "このシステムには使える OS のキーリングがないため、キーを保存できません。このセッションの間だけメモリーに"
        "保持できます。アプリを閉じると消えます。",
        "此系统没有可用的系统密钥环，无法保存密钥。可以仅在本次会话中将其保留在内存里；关闭应用后即被遗忘。",
    ),
    "The OS keyring could not be reached.": (
        "OS のキーリングに接続できませんでした。",
        "无法访问系统密钥环。",
    ),
    "a server needs a name and a JSON object": (
        "サーバーには名前と JSON オブジェクトが必要です",
        "服务器需要名称和 JSON 对象",
    ),
    "could not write {path}: {error}": ("{path} に書き込めませんでした: {error}", "无法写入 {path}：{error}"),
    "Saved ✓": ("保存しました ✓", "已保存 ✓"),
    "running…": ("実行中…", "运行中…"),
    "{seconds} s": ("{seconds} 秒", "{seconds} 秒"),
    "{done} of {total}": ("{total} のうち {done}", "{done} / {total}"),
    "The server reports progress without a total": (
        "サーバーは全体量なしで進捗を報告しています",
        "服务器报告的进度没有总量",
    ),
    "Shown to you only (not sent to the model)": (
        "あなたにだけ表示（モデルには送られていません）",
        "仅向你显示（未发送给模型）",
    ),
    "ok": ("成功", "成功"),
    "Input": ("入力", "输入"),
    "Output": ("出力", "输出"),
    "Show or hide the exact input and output": (
        "入力と出力をそのまま表示／非表示",
        "显示或隐藏原始输入和输出",
    ),
    "for example {model}": ("例: {model}", "例如 {model}"),
    "(file)": ("（ファイル）", "（文件）"),
    "Show earlier ({count})": ("以前の項目を表示（{count}）", "显示更早的内容（{count}）"),
    # ask_user_question cards (app/widgets/question.py) and built-in tools in the settings
    "{agent} asks you:": ("{agent} からの質問:", "{agent} 向你提问："),
    "Type your answer": ("回答を入力", "输入你的回答"),
    "Answer": ("回答", "回答"),
    "Decline": ("断る", "拒绝"),
    "{agent}: the MCP server {server} asks you:": (
        "{agent}: MCP サーバー {server} からの入力依頼:",
        "{agent}：MCP 服务器 {server} 请你填写：",
    ),
    "Accept": ("承認", "接受"),
    "Cancel": ("キャンセル", "取消"),
    "Check: {fields}": ("確認してください: {fields}", "请检查：{fields}"),
    # the problem under an elicitation field (app/widgets/elicitation_problems.py)
    "Required": ("入力が必要です", "必填"),
    "At least {n} characters": ("{n} 文字以上で入力してください", "至少 {n} 个字符"),
    "At most {n} characters": ("{n} 文字以内で入力してください", "最多 {n} 个字符"),
    "At least {n}": ("{n} 以上にしてください", "至少为 {n}"),
    "At most {n}": ("{n} 以下にしてください", "最多为 {n}"),
    "Choose at least {n}": ("{n} 個以上選んでください", "请至少选择 {n} 项"),
    "Choose at most {n}": ("{n} 個まで選べます", "最多可选择 {n} 项"),
    "Not a valid value": ("正しい値ではありません", "值无效"),
    "Enter an email address, like name@example.com": (
        "メールアドレスを入力してください（例: name@example.com）",
        "请输入电子邮件地址，例如 name@example.com",
    ),
    "Enter an address with its scheme, like https://example.com": (
        "スキームを含むアドレスを入力してください（例: https://example.com）",
        "请输入包含协议的地址，例如 https://example.com",
    ),
    "Enter a date as YYYY-MM-DD": (
        "日付を YYYY-MM-DD の形で入力してください",
        "请按 YYYY-MM-DD 格式输入日期",
    ),
    "Enter a date and time as YYYY-MM-DDThh:mm": (
        "日時を YYYY-MM-DDThh:mm の形で入力してください",
        "请按 YYYY-MM-DDThh:mm 格式输入日期和时间",
    ),
    # MCP sampling cards (app/widgets/sampling_card.py) and MCP roots (app/settings/server_roots.py)
    "{agent}: the MCP server {server} asks to use this agent's model:": (
        "{agent}: MCP サーバー {server} がこのエージェントのモデルの利用を求めています:",
        "{agent}：MCP 服务器 {server} 请求使用此智能体的模型：",
    ),
    "At most {tokens} tokens": ("最大 {tokens} トークン", "最多 {tokens} 个令牌"),
    "Approve": ("承認", "批准"),
    "Deny": ("拒否", "拒绝"),
    "user": ("ユーザー", "用户"),
    "assistant": ("アシスタント", "助手"),
    "System prompt: {text}": ("システムプロンプト: {text}", "系统提示：{text}"),
    "[{count} image(s)]": ("[画像 {count} 枚]", "[{count} 张图片]"),
    "Folders this server may see (MCP roots); none: it is told of no folder": (
        "このサーバーが見てよいフォルダー（MCP ルーツ）。なし: どのフォルダーも知らせません",
        "此服务器可以看到的文件夹（MCP 根目录）；无：不告知任何文件夹",
    ),
    "Add folder…": ("フォルダーを追加…", "添加文件夹…"),
    "Choose a folder": ("フォルダーを選択", "选择文件夹"),
    "Built-in tools": ("組み込みツール", "内置工具"),
    "May ask me questions (ask_user_question)": (
        "私に質問してよい（ask_user_question）",
        "可以向我提问（ask_user_question）",
    ),
    "May run Python code on this computer (execute_code)": (
        "このコンピューターで Python コードを実行してよい（execute_code）",
        "可以在这台电脑上运行 Python 代码（execute_code）",
    ),
    # OAuth sign-out of an MCP server (settings) and the sign-in link without a browser
    "Sign out": ("サインアウト", "退出登录"),
    "Forget this server's sign-in (the OAuth tokens in the OS keyring)": (
        "このサーバーへのサインインを消去します（OS のキーリング内の OAuth トークン）",
        "忘记此服务器的登录信息（系统密钥环中的 OAuth 令牌）",
    ),
    "Not signed in to this server": ("このサーバーにはサインインしていません", "未登录此服务器"),
    "Sign in to an MCP server": ("MCP サーバーにサインイン", "登录 MCP 服务器"),
    NO_BROWSER: (
        "ブラウザーを開けませんでした。このコンピューターのブラウザーでこのリンクを開いてサインインしてください。"
        "サインインが済むとエージェントが接続します。",
        "无法打开浏览器。请在这台电脑的浏览器中打开此链接进行登录；登录后智能体即会连接。",
    ),
    # paging of long tool input and output in the tool panel (app/widgets/pager.py, D-6)
    "Characters {first}–{last} of {total}": (
        "全 {total} 文字中 {first}–{last} 文字目",
        "第 {first}–{last} 个字符，共 {total} 个",
    ),
    "First": ("最初", "首页"),
    "Previous": ("前へ", "上一页"),
    "Next": ("次へ", "下一页"),
    "Last": ("最後", "末页"),
    "The stored copy of this text is damaged: only what is shown here is available.": (
        "保存されたこのテキストは壊れています。ここに表示されている部分だけが読めます。",
        "此文本的存储副本已损坏：只能查看此处显示的内容。",
    ),
    "The store is not open: only the first {count} characters are shown.": (
        "保存先が開かれていません。最初の {count} 文字だけを表示しています。",
        "存储未打开：仅显示前 {count} 个字符。",
    ),
    "This call was not found in the store: only the first {count} characters are shown.": (
        "この呼び出しは保存先に見つかりませんでした。最初の {count} 文字だけを表示しています。",
        "存储中找不到此调用：仅显示前 {count} 个字符。",
    ),
    "The store could not be read: only the first {count} characters are shown.": (
        "保存先を読み込めませんでした。最初の {count} 文字だけを表示しています。",
        "无法读取存储：仅显示前 {count} 个字符。",
    ),
    "Copy link": ("リンクをコピー", "复制链接"),
    "Copied": ("コピーしました", "已复制"),
    STORE_MOVED_ASIDE: (
        "会話の履歴を開けませんでした: ファイルが壊れていたため {file} として退避しました。新しい会話は"
        "新しい保存先に保存されます。壊れたファイルと保存済みの結果はデータフォルダーに残っています"
        "（復旧や不具合の報告のために保管してください）。",
        "无法打开对话历史：文件已损坏，已另存为 {file}。新的对话会保存到新的存储中；损坏的文件和已保存的"
        "结果仍保留在数据文件夹中（请保留以便恢复或报告问题）。",
    ),
    STORE_MISSING: (
        "会話の履歴が見つかりません: データフォルダーに {file} がありませんが、以前の会話の結果は残って"
        "います。過去の会話は表示されず、新しい会話は新しい保存先に保存されます。データフォルダーを移動"
        "または復元した場合は、アプリを終了して {file} を元に戻してください。",
        "找不到对话历史：数据文件夹中缺少 {file}，但以前对话的结果仍在。过去的对话不会显示，新的对话将"
        "保存到新的存储中。如果您移动或恢复过数据文件夹，请退出应用并将 {file} 放回原处。",
    ),
    STORE_UNAVAILABLE: (
        "履歴なしで動作しています: データフォルダー {folder} を使えませんでした（{detail}）。このセッション"
        "の内容は保存されず、過去の会話も表示されません。フォルダーが存在し書き込めることを確認してから、"
        "アプリを再起動してください。",
        "正在无历史记录模式下运行：无法使用数据文件夹 {folder}（{detail}）。本次会话的内容不会被保存，"
        "过去的对话也不会显示。请确认该文件夹存在且可写，然后重新启动应用。",
    ),
    STORE_WRITE_FAILED: (
        "保存に失敗しました（{detail}）: このターンは保存されておらず、再起動後の履歴にはありません。"
        "チャットはそのまま続けられます。ディスクの空きを作るか、データフォルダーに書き込めるか確認して"
        "ください。",
        "保存失败（{detail}）：此轮对话未被保存，重新启动后不会出现在历史记录中；聊天可以继续。请释放"
        "磁盘空间，或检查数据文件夹是否可写。",
    ),
    "Open data folder": ("データフォルダーを開く", "打开数据文件夹"),
    "Dismiss": ("閉じる", "关闭"),
    HELD_UNKNOWN: (
        "Fuseforks はこのデータフォルダーですでに動いていますが、応答がありません。"
        "もう一方の Fuseforks を閉じてから、もう一度起動してください。（ロックファイル: {path}）",
        "Fuseforks 已在此数据文件夹上运行，但没有响应。请关闭另一个 Fuseforks，然后重新启动。（锁文件：{path}）",
    ),
    HELD_BY: (
        "Fuseforks はこのデータフォルダーですでに動いています（プロセス {pid}）が、応答がありません。"
        "それを閉じるか、プロセス {pid} を終了してから、もう一度起動してください。（ロックファイル: {path}）",
        "Fuseforks 已在此数据文件夹上运行（进程 {pid}），但没有响应。"
        "请关闭它，或结束进程 {pid}，然后重新启动。（锁文件：{path}）",
    ),
    # messages part (issue 13): call states, Copy, Retry, the busy line's retries
    "interrupted": ("中断", "已中断"),
    "not executed": ("未実行", "未执行"),
    "failed": ("失敗", "失败"),
    "{ms} ms": ("{ms} ms", "{ms} ms"),
    "Copy to the clipboard": ("クリップボードにコピー", "复制到剪贴板"),
    "Retry": ("再試行", "重试"),
    "Send the same request again": ("同じ依頼をもう一度送ります", "再次发送同一请求"),
    "Enter or correct the provider's key": (
        "プロバイダーのキーを入力または修正します",
        "输入或更正提供商的密钥",
    ),
    "Retrying in {seconds} s, attempt {attempt}/{attempts}": (
        "{seconds} 秒後に再試行（{attempt}/{attempts} 回目）",
        "{seconds} 秒后重试（第 {attempt}/{attempts} 次）",
    ),
    "Retrying now, attempt {attempt}/{attempts}": (
        "再試行中（{attempt}/{attempts} 回目）",
        "正在重试（第 {attempt}/{attempts} 次）",
    ),
    "the provider limits the request rate": (
        "プロバイダーがリクエストの頻度を制限しています",
        "提供商限制了请求频率",
    ),
    "the provider is overloaded": ("プロバイダーが混み合っています", "提供商负载过高"),
    "the provider had an error": ("プロバイダー側でエラーが起きました", "提供商出现错误"),
    "the provider did not answer in time": ("プロバイダーが時間内に応答しませんでした", "提供商未及时响应"),
    "the connection failed": ("接続に失敗しました", "连接失败"),
    # -- viewer (issue 13: the picture viewer) --
    "{percent} %": ("{percent} %", "{percent}%"),
    "Picture": ("画像", "图片"),
    "{index} / {count}": ("{index} / {count}", "{index} / {count}"),
    "Fit": ("全体表示", "适应窗口"),
    "Previous picture": ("前の画像", "上一张图片"),
    "Next picture": ("次の画像", "下一张图片"),
    "Zoom out": ("縮小", "缩小"),
    "Zoom in": ("拡大", "放大"),
    "Actual size (one image pixel per screen pixel)": (
        "等倍（画像の1ピクセルを画面の1ピクセルで表示）",
        "实际大小（一个图像像素对应一个屏幕像素）",
    ),
    "Fit the picture to the window": ("画像をウィンドウに合わせる", "使图片适应窗口"),
    "Picture: scroll to zoom, drag to move": (
        "画像: スクロールで拡大縮小、ドラッグで移動",
        "图片：滚动以缩放，拖动以移动",
    ),
    # ---- settings part (issue 13): agents added and removed, unsaved edits, presets, Test connection,
    # the model list, timeout / retries / streaming
    "Id": ("ID", "ID"),
    "Add agent": ("エージェントを追加", "添加智能体"),
    "Remove agent": ("エージェントを外す", "移除智能体"),
    "New agent": ("新しいエージェント", "新智能体"),
    "Remove {name} ({id})? Its conversations stay in the store.": (
        "{name}（{id}）を外しますか？会話は保存されたまま残ります。",
        "要移除 {name}（{id}）吗？其对话仍保留在存储中。",
    ),
    "Its running turn is stopped when you save.": (
        "実行中のターンは保存したときに止まります。",
        "保存时将停止其正在进行的回合。",
    ),
    "Letters, digits, _ and - (at most 48)": (
        "英字、数字、_ と -（48 文字まで）",
        "字母、数字、_ 和 -（最多 48 个）",
    ),
    "Another agent has this id": ("この ID は別のエージェントが使っています", "此 ID 已被另一个智能体使用"),
    "Cancel test": ("テストを中止", "取消测试"),
    "Test connection": ("接続をテスト", "测试连接"),
    "with a picture (vision check)": ("画像付き（画像認識の確認）", "附带图片（视觉检查）"),
    "Sends a frame of the demo camera and asks the model what it shows": (
        "デモカメラの 1 コマを送り、何が写っているかをモデルに尋ねます",
        "发送演示摄像头的一帧画面，并询问模型画面中有什么",
    ),
    "Test cancelled.": ("テストを中止しました。", "测试已取消。"),
    "Fix the template first: {problems}": (
        "先にテンプレートを直してください: {problems}",
        "请先修正模板：{problems}",
    ),
    "The offline demo needs no connection: it answers on this computer.": (
        "オフラインデモは接続を必要としません。このコンピューター上で応答します。",
        "离线演示无需连接：它在这台计算机上作答。",
    ),
    'No key is stored under the keyring entry "{entry}": paste it below and press Store key.': (
        "キーリングの項目「{entry}」にキーが保存されていません。下に貼り付けて「キーを保存」を押してください。",
        "密钥环条目“{entry}”下没有保存密钥：请在下方粘贴并点击“保存密钥”。",
    ),
    "Sending a test request to {url} …": (
        "{url} にテストの要求を送っています…",
        "正在向 {url} 发送测试请求…",
    ),
    "Connected in {seconds} s, but the model answered with no text.": (
        "{seconds} 秒で接続しましたが、モデルの応答に文章がありませんでした。",
        "已在 {seconds} 秒内连接，但模型的回答中没有文字。",
    ),
    "Connected in {seconds} s. The model answered: {answer}": (
        "{seconds} 秒で接続しました。モデルの応答: {answer}",
        "已在 {seconds} 秒内连接。模型的回答：{answer}",
    ),
    "The provider refused the request: HTTP {status}{code}: {message}": (
        "プロバイダーが要求を拒否しました: HTTP {status}{code}: {message}",
        "提供方拒绝了请求：HTTP {status}{code}：{message}",
    ),
    "{url} could not be reached: {error}": (
        "{url} に接続できませんでした: {error}",
        "无法连接到 {url}：{error}",
    ),
    "The answer could not be read: {error}": ("応答を読み取れませんでした: {error}", "无法读取回答：{error}"),
    "The test failed: {error}": ("テストに失敗しました: {error}", "测试失败：{error}"),
    "Fetch models": ("モデル一覧を取得", "获取模型列表"),
    'No key is stored under "{entry}" yet.': (
        "「{entry}」にはまだキーが保存されていません。",
        "“{entry}”下尚未保存密钥。",
    ),
    "Asking the provider for its models …": (
        "プロバイダーにモデル一覧を問い合わせています…",
        "正在向提供方查询模型列表…",
    ),
    "This provider's API offers no model list: type the model name.": (
        "このプロバイダーの API はモデル一覧を提供していません。モデル名を入力してください。",
        "此提供方的 API 不提供模型列表：请输入模型名称。",
    ),
    "{count} models": ("{count} 個のモデル", "{count} 个模型"),
    "No model list: HTTP {status}: {message}": (
        "モデル一覧なし: HTTP {status}: {message}",
        "无模型列表：HTTP {status}：{message}",
    ),
    "No model list: {error}": ("モデル一覧なし: {error}", "无模型列表：{error}"),
    "Providers": ("プロバイダー", "提供方"),
    "Servers on this computer (no key)": (
        "このコンピューター上のサーバー（キー不要）",
        "本机上的服务器（无需密钥）",
    ),
    "Anthropic Messages (Claude)": ("Anthropic Messages（Claude）", "Anthropic Messages（Claude）"),
    "OpenAI-compatible Chat Completions": ("OpenAI 互換 Chat Completions", "OpenAI 兼容 Chat Completions"),
    "Google Gemini": ("Google Gemini", "Google Gemini"),
    "OpenAI Responses": ("OpenAI Responses", "OpenAI Responses"),
    "xAI Responses (Grok)": ("xAI Responses（Grok）", "xAI Responses（Grok）"),
    "Meta Llama API (Responses)": ("Meta Llama API（Responses）", "Meta Llama API（Responses）"),
    "Perplexity Agent API (Responses)": (
        "Perplexity Agent API（Responses）",
        "Perplexity Agent API（Responses）",
    ),
    "Offline demo (no AI)": ("オフラインデモ（AI なし）", "离线演示（无 AI）"),
    "The OS keyring could not be reached: store the key again under {entries}.": (
        "OS のキーリングに接続できませんでした。{entries} にキーをもう一度保存してください。",
        "无法连接到系统密钥环：请在 {entries} 下重新保存密钥。",
    ),
    "Save the changes to the settings?": ("設定の変更を保存しますか？", "要保存对设置的更改吗？"),
    "Discard": ("破棄", "放弃"),
    "Add from preset": ("プリセットから追加", "从预设添加"),
    "Timeout": ("タイムアウト", "超时"),
    "Retries": ("再試行", "重试次数"),
    "Streaming": ("ストリーミング", "流式输出"),
    "s": ("秒", "秒"),
    "How long one request may take": ("1 回の要求にかけてよい時間", "单次请求允许的时长"),
    "How often a failed request is tried (the first try included)": (
        "失敗した要求を試す回数（最初の 1 回を含む）",
        "失败的请求最多尝试的次数（含第一次）",
    ),
    "Show the answer while it is written": ("書かれている途中の応答を表示する", "边生成边显示回答"),
    # ---- end of the settings part
    # conversations (app/widgets/conversations.py, app/conversation_pane.py), issue 13: the conv part
    "Conversations": ("会話", "对话"),
    "New": ("新規", "新建"),
    "New conversation": ("新しい会話", "新对话"),
    "New conversation (Ctrl+N)": ("新しい会話 (Ctrl+N)", "新对话 (Ctrl+N)"),
    "&New conversation": ("新しい会話(&N)", "新对话(&N)"),
    "Search titles and messages": ("タイトルとメッセージを検索", "搜索标题和消息"),
    "Search conversations": ("会話を検索", "搜索对话"),
    "Clear the search": ("検索をクリア", "清除搜索"),
    "Rename": ("名前を変更", "重命名"),
    "No conversation matches.": ("一致する会話はありません。", "没有匹配的对话。"),
    "{turns} requests": ("依頼 {turns} 件", "{turns} 个请求"),
    "Earlier conversations": ("以前の会話", "早先的对话"),
    "Kept from before conversations belonged to a configuration: open one to use it here.": (
        "会話が設定ごとに分けられる前から残っている会話です。開くとこの設定で使えます。",
        "在对话按配置区分之前保留下来的对话：打开后即可在此配置中使用。",
    ),
    "Show earlier turns": ("以前のやり取りを表示", "显示更早的轮次"),
    "Show older turns of this conversation in the chat": (
        "この会話の以前のやり取りをチャットに表示します",
        "在聊天中显示此对话更早的轮次",
    ),
    "Delete conversation": ("会話を削除", "删除对话"),
    "Delete “{title}”?": ("「{title}」を削除しますか？", "删除“{title}”？"),
    "{path} is not a configuration the app can read ({problems}). Fix it in an editor or move it aside, then Save again: Settings does not replace it.": (
        "{path} はこのアプリが読める設定ファイルではありません（{problems}）。エディターで直すか別の場所へ移してから、もう一度保存してください。設定画面はこのファイルを置き換えません。",
        "{path} 不是本应用能读取的配置文件（{problems}）。请在编辑器中修正或将其移走，然后再次保存：设置不会替换它。",
    ),
    "“{title}” has a turn running. Stop it first, then delete the conversation.": (
        "「{title}」ではターンが実行中です。先に停止してから会話を削除してください。",
        "“{title}”有一个轮次正在运行。请先停止它，然后再删除对话。",
    ),
    "Its messages and the pictures only it uses are removed from this computer.": (
        "この会話のメッセージと、この会話だけが使っている画像がこのコンピューターから削除されます。",
        "此对话的消息以及只有它使用的图片将从这台计算机上删除。",
    ),
    # part "startup" (issue 13): the start-up problem dialog (app/widgets/startup_dialog.py)
    "Configuration problem": ("設定の問題", "配置问题"),
    "{file} is not valid JSON": ("{file} は正しい JSON ではありません", "{file} 不是有效的 JSON"),
    "Fuseforks cannot read this configuration file. Fix the marked place in an editor, save it, then press Try again.": (
        "この設定ファイルを読み込めません。エディターで示された箇所を直して保存し、「再試行」を押してください。",
        "Fuseforks 无法读取此配置文件。请在编辑器中修正标出的位置并保存，然后点击“重试”。",
    ),
    "{file} has values Fuseforks cannot use": (
        "{file} に Fuseforks が使えない値があります",
        "{file} 中有 Fuseforks 无法使用的值",
    ),
    "Each line below names a setting by its place in the file and what is wrong with it. Fix them in an editor, save the file, then press Try again.": (
        "下の各行は、ファイル内の位置で設定を示し、何が問題かを説明しています。エディターで直して保存し、「再試行」を押してください。",
        "下面每一行按文件中的位置指出一项设置及其问题。请在编辑器中修正并保存文件，然后点击“重试”。",
    ),
    "{file} has settings Fuseforks does not know": (
        "{file} に Fuseforks が知らない設定があります",
        "{file} 中有 Fuseforks 不认识的设置",
    ),
    "They are ignored (and kept when Settings saves the file). Continue starts the village with the rest of the file; a misspelt key is worth fixing first.": (
        "これらは無視されます（設定画面で保存してもそのまま残ります）。「続行」を押すと残りの設定で村を開始します。綴りの誤りなら先に直すことをおすすめします。",
        "这些设置会被忽略（在设置中保存文件时会保留）。点击“继续”将用文件中的其余设置启动村；如果是拼写错误，建议先修正。",
    ),
    "{file} was not found": ("{file} が見つかりません", "找不到 {file}"),
    "There is no configuration file at this path. Check the path given with --config, or start the demo village.": (
        "このパスに設定ファイルがありません。--config で指定したパスを確認するか、デモ村を開始してください。",
        "此路径下没有配置文件。请检查 --config 指定的路径，或启动演示村。",
    ),
    "File: {path}": ("ファイル: {path}", "文件：{path}"),
    "Open the file": ("ファイルを開く", "打开文件"),
    "Open its folder": ("フォルダーを開く", "打开所在文件夹"),
    "Try again": ("再試行", "重试"),
    "Start the demo village": ("デモ村を開始", "启动演示村"),
    "Quit": ("終了", "退出"),
    "Continue": ("続行", "继续"),
    "Problems": ("問題", "问题"),
    "Line {line}, column {column}:": ("{line} 行 {column} 列:", "第 {line} 行，第 {column} 列："),
    # part "startup": desktop manners (app/desktop.py; accessible names of unlabelled controls)
    "Message": ("メッセージ", "消息"),
    "Server JSON": ("サーバーの JSON", "服务器 JSON"),
    "Folders": ("フォルダー", "文件夹"),
    "{agent} answered": ("{agent} が回答しました", "{agent} 已回答"),
    "{agent}: the turn failed": ("{agent}: ターンが失敗しました", "{agent}：本轮失败"),
    # -- servers part (issue 13): the MCP server panel under the agent list
    "connected": ("接続済み", "已连接"),
    "off": ("オフ", "已关闭"),
    "connecting…": ("接続中…", "正在连接…"),
    "failed · reconnecting in {seconds} s": (
        "失敗 · {seconds} 秒後に再接続",
        "失败 · {seconds} 秒后重新连接",
    ),
    "failed · reconnecting…": ("失敗 · 再接続中…", "失败 · 正在重新连接…"),
    "Reconnect": ("再接続", "重新连接"),
    "Reconnect {server}": ("{server} に再接続", "重新连接 {server}"),
    "Reason: {error}": ("理由: {error}", "原因：{error}"),
    "Tools ({count})": ("ツール（{count}）", "工具（{count}）"),
    "This agent has no MCP servers.": (
        "このエージェントには MCP サーバーがありません。",
        "此智能体没有 MCP 服务器。",
    ),
    # issue 14: context
    "Context": ("コンテキスト", "上下文"),
    "Summarize earlier turns left out to fit the model (one more model call)": (
        "モデルに収めるため省いた以前のターンを要約する（モデル呼び出しが 1 回増えます）",
        "总结为适应模型而省略的之前回合（多一次模型调用）",
    ),
    "{used} of {budget} tokens of the context budget": (
        "コンテキスト予算 {budget} トークンのうち {used} トークン",
        "上下文预算 {budget} 个令牌中的 {used} 个",
    ),
    "earlier turns left out: {count}": ("省略した以前のターン: {count} 件", "已省略的之前回合：{count} 个"),
    "no earlier turn left out": ("省略した以前のターンはありません", "未省略之前的回合"),
    "last turn: {percent} % of its input read from the cache": (
        "前回のターン: 入力の {percent} % をキャッシュから読み込み",
        "上一回合：输入的 {percent}% 读自缓存",
    ),
    # issue 14: the window (a picture read again from the store, gone since)
    "The stored image is no longer available.": (
        "保存された画像はもう利用できません。",
        "存储的图片已不可用。",
    ),
    # issue 14: store (app/settings/storage_page.py: disk use, retention, clean-up)
    "Storage": ("ストレージ", "存储"),
    "Database": ("データベース", "数据库"),
    "Images and texts": ("画像とテキスト", "图片和文本"),
    "Spilled tool results": ("退避したツール結果", "转存的工具结果"),
    "Media cache copies": ("メディアキャッシュの複製", "媒体缓存副本"),
    "Total": ("合計", "合计"),
    "{size} MB": ("{size} MB", "{size} MB"),
    "Keep conversations (days)": ("会話の保存期間（日）", "会话保留天数"),
    "For ever": ("無期限", "永久"),
    "Older conversations are deleted with their images at start-up and by Clean up now, except each agent's current one. Saved with the settings.": (
        "これより古い会話は、起動時と「今すぐ整理」で画像ごと削除されます（各エージェントの現在の会話は除く）。設定と一緒に保存されます。",
        "更早的会话会在启动时和“立即清理”时连同图片一起删除（各智能体的当前会话除外）。随设置一起保存。",
    ),
    "Clean up now": ("今すぐ整理", "立即清理"),
    "Cleaning up…": ("整理中…", "正在清理…"),
    "The clean-up failed: {error}": ("整理に失敗しました: {error}", "清理失败：{error}"),
    "The app runs without history: nothing is stored.": (
        "履歴なしで動作しています。何も保存されません。",
        "应用在无历史记录模式下运行：不保存任何内容。",
    ),
    "Freed {size} MB: {files} files, {conversations} conversations.": (
        "{size} MB を解放しました: ファイル {files} 件、会話 {conversations} 件。",
        "已释放 {size} MB：{files} 个文件，{conversations} 个会话。",
    ),
    # the watches (issue 15): app/widgets/watch_dialog.py, watch_rhythm.py, watch_region.py, watch_panel.py
    "Region of interest": ("注目する範囲", "关注区域"),
    "timeline: {count} events, {size} MB, {kept}": (
        "タイムライン: 出来事 {count} 件、{size} MB、{kept}",
        "时间线：{count} 个事件，{size} MB，{kept}",
    ),
    "kept {days} days": ("{days} 日間保存", "保留 {days} 天"),
    "kept until deleted": ("削除するまで保存", "保留到删除为止"),
    "Vision relay": ("ビジョンリレー", "视觉中继"),
    "None": ("なし", "无"),
    "An agent whose model cannot read images gets this template's description of each tool image instead, so a watch or a chat on a text-only model still sees the camera.": (
        "画像を読めないモデルのエージェントには、代わりにこのテンプレートがツール画像を一枚ずつ説明します。テキストだけのモデルでも、見守りやチャットでカメラを見られます。",
        "模型无法读取图片的智能体会改为收到此模板对每张工具图片的描述，这样纯文本模型的看护或聊天也能看到摄像头。",
    ),
    "Ready: not started yet": ("準備済み: まだ始めていません", "已就绪：尚未开始"),
    "Start": ("開始", "开始"),
    "May start watching a camera when I ask, after I confirm (watch_camera)": (
        "頼んだときに、確認のうえでカメラの見守りを始めてよい (watch_camera)",
        "在我要求并确认后可以开始看护摄像头 (watch_camera)",
    ),
    "No picture yet": ("まだ画像がありません", "还没有画面"),
    "every …": ("一定の間隔で…", "每隔…"),
    "at times of day": ("決まった時刻に", "在每天的固定时间"),
    "continuously, changed frames only": ("連続して（変化したフレームだけ）", "连续（只看有变化的画面）"),
    "seconds": ("秒", "秒"),
    "minutes": ("分", "分钟"),
    "08:00, 18:00": ("08:00, 18:00", "08:00, 18:00"),
    "seconds between frames": ("秒ごとに1フレーム", "秒一帧"),
    "New watch for {agent}": ("{agent} の新しい見守り", "为 {agent} 新建看护"),
    "Start watching": ("見守りを始める", "开始看护"),
    "Edit watch of {agent}": ("{agent} の見守りを編集", "编辑 {agent} 的看护"),
    "Tell me when a bird is at the feeder": ("餌台に鳥が来たら教えて", "喂食器上有鸟时告诉我"),
    "(the instruction's start)": ("（指示の書き出し）", "（指示的开头）"),
    "Watch for": ("見守る内容", "看护内容"),
    "Camera tool": ("カメラのツール", "相机工具"),
    "Look": ("見る頻度", "查看频率"),
    "Model calls per hour": ("1時間のモデル呼び出し上限", "每小时模型调用上限"),
    "Tokens per day": ("1日のトークン上限", "每天令牌上限"),
    "Notify from importance": ("通知する重要度", "通知的重要度下限"),
    "Quiet after a notification (min)": ("通知後の静かな時間（分）", "通知后的静默时间（分钟）"),
    "End": ("終了", "结束"),
    "Keep events (days, 0: always)": ("出来事の保存日数（0: 無期限）", "事件保留天数（0：永久）"),
    "Keep pictures up to (MB, 0: no cap)": (
        "画像の保存上限（MB、0: 上限なし）",
        "图片保留上限（MB，0：不限）",
    ),
    "Sensitivity": ("感度", "灵敏度"),
    "1 (every event)": ("1（すべての出来事）", "1（所有事件）"),
    "5 (only the most important)": ("5（最も重要なものだけ）", "5（仅最重要的）"),
    "never": ("通知しない", "从不"),
    "Stop watching at": ("見守りを終える日時", "停止看护的时间"),
    "Show the model its previous picture too": ("前回の画像もモデルに見せる", "同时给模型看上一张画面"),
    "Take a picture": ("画像を撮る", "拍一张"),
    "Whole picture": ("画像全体", "整个画面"),
    "{value}: any moved pixel of the region sends the frame to the model.": (
        "{value}: 範囲内の画素が少しでも動けば、そのフレームをモデルに送ります。",
        "{value}：区域内任何像素变化都会把该帧发送给模型。",
    ),
    "{value}: only a change of the whole region sends the frame to the model.": (
        "{value}: 範囲全体が変わったときだけ、フレームをモデルに送ります。",
        "{value}：只有整个区域都变化时才把该帧发送给模型。",
    ),
    "{value}: a frame goes to the model when about {share} % of the region changed (change score {threshold} or more).": (
        "{value}: 範囲の約 {share} % が変わるとフレームをモデルに送ります（変化スコア {threshold} 以上）。",
        "{value}：区域约 {share} % 发生变化时把该帧发送给模型（变化分数 {threshold} 及以上）。",
    ),
    "Region: the whole picture. Drag on the picture to choose a part.": (
        "範囲: 画像全体。画像の上をドラッグすると一部を選べます。",
        "区域：整个画面。在画面上拖动可选择一部分。",
    ),
    "Region: {w} % × {h} % of the picture, from {x} % left, {y} % top.": (
        "範囲: 画像の {w} % × {h} %、左から {x} %、上から {y} % の位置。",
        "区域：画面的 {w} % × {h} %，距左 {x} %，距上 {y} %。",
    ),
    "The camera tool returned no picture.": (
        "カメラのツールは画像を返しませんでした。",
        "相机工具没有返回画面。",
    ),
    "No picture from the camera: {reason}": (
        "カメラから画像を取れません: {reason}",
        "无法从相机获取画面：{reason}",
    ),
    "Write what to watch for.": ("何を見守るか書いてください。", "请写下要看护的内容。"),
    "Choose the camera tool.": ("カメラのツールを選んでください。", "请选择相机工具。"),
    "Write the times of day as 07:30, 18:00.": (
        "時刻は 07:30, 18:00 のように書いてください。",
        "请把时间写成 07:30, 18:00 这样的格式。",
    ),
    "Choose an interval of at least {least} seconds.": (
        "間隔は {least} 秒以上にしてください。",
        "请选择至少 {least} 秒的间隔。",
    ),
    "This watch cannot run: {detail}": ("この見守りは動かせません: {detail}", "此看护无法运行：{detail}"),
    "The watch was not saved: {error}": ("見守りは保存されませんでした: {error}", "看护未保存：{error}"),
    "Watches": ("見守り", "看护"),
    "Watch…": ("見守る…", "看护…"),
    "New watch": ("新しい見守り", "新建看护"),
    "No watches. Press Watch… to have this agent watch its camera.": (
        "見守りはありません。「見守る…」を押すと、このエージェントがカメラを見守ります。",
        "没有看护。按“看护…”让这个智能体看护它的相机。",
    ),
    "Delete watch": ("見守りを削除", "删除看护"),
    "Delete the watch “{watch}”?": ("見守り「{watch}」を削除しますか？", "删除看护“{watch}”？"),
    "Its timeline holds {count} events. Keep them, or delete them with their pictures?": (
        "タイムラインには出来事が {count} 件あります。残しますか、それとも画像ごと削除しますか？",
        "它的时间线有 {count} 个事件。保留它们，还是连同图片一起删除？",
    ),
    "Delete, keep the timeline": ("削除してタイムラインは残す", "删除，保留时间线"),
    "Delete with its timeline": ("タイムラインごと削除", "连同时间线一起删除"),
    "at {times}": ("{times} に", "在 {times}"),
    "continuously, a frame every {seconds} s": (
        "連続、{seconds} 秒ごとに1フレーム",
        "连续，每 {seconds} 秒一帧",
    ),
    "every {minutes} min": ("{minutes} 分ごと", "每 {minutes} 分钟"),
    "every {seconds} s": ("{seconds} 秒ごと", "每 {seconds} 秒"),
    "Watching": ("見守り中", "看护中"),
    "Ended at its stop time": ("終了時刻に終わりました", "已在结束时间停止"),
    "Stopped": ("停止中", "已停止"),
    "Paused: the {limit} calls of this hour are spent": (
        "一時停止: この1時間の呼び出し {limit} 回を使い切りました",
        "已暂停：本小时的 {limit} 次调用已用完",
    ),
    "Paused: today's {limit} tokens are spent": (
        "一時停止: 今日のトークン {limit} を使い切りました",
        "已暂停：今天的 {limit} 令牌已用完",
    ),
    "Paused: this agent's model cannot read images and no vision relay is set": (
        "一時停止: このエージェントのモデルは画像を読めず、視覚の中継も設定されていません",
        "已暂停：此智能体的模型无法读取图像，且未设置视觉中继",
    ),
    "Paused: the camera tool {tool} is gone": (
        "一時停止: カメラのツール {tool} がなくなりました",
        "已暂停：相机工具 {tool} 不存在了",
    ),
    "Paused: the history could not be written": (
        "一時停止: 履歴を書き込めませんでした",
        "已暂停：无法写入历史记录",
    ),
    "Paused after an error": ("エラーのため一時停止", "因出错而暂停"),
    "Paused": ("一時停止中", "已暂停"),
    "vision calls {calls} / {calls_limit} this hour, {tokens} / {tokens_limit} tokens today": (
        "ビジョン呼び出し {calls} / {calls_limit}（この1時間）、トークン {tokens} / {tokens_limit}（今日）",
        "视觉调用 {calls} / {calls_limit}（本小时），令牌 {tokens} / {tokens_limit}（今天）",
    ),
    "change score: no frame yet": ("変化スコア: まだフレームがありません", "变化分数：还没有画面"),
    "change score {score} (threshold {threshold}): sent to the model": (
        "変化スコア {score}（しきい値 {threshold}）：モデルに送信",
        "变化分数 {score}（阈值 {threshold}）：已发送给模型",
    ),
    "change score {score} (threshold {threshold}): not sent": (
        "変化スコア {score}（しきい値 {threshold}）：送信せず",
        "变化分数 {score}（阈值 {threshold}）：未发送",
    ),
    "Pause {watch}": ("{watch} を一時停止", "暂停 {watch}"),
    "How often to look": ("見る頻度", "查看频率"),
    "Interval": ("間隔", "间隔"),
    "Interval unit": ("間隔の単位", "间隔单位"),
    "Times of day": ("時刻", "时间"),
    "Resume {watch}": ("{watch} を再開", "继续 {watch}"),
    # issue 15: the timeline (app/widgets/timeline.py) and a watch's notification in the window
    "Timeline": ("タイムライン", "时间线"),
    "Timeline ({count})": ("タイムライン（{count}）", "时间线（{count}）"),
    "Today": ("今日", "今天"),
    "Yesterday": ("昨日", "昨天"),
    "Deleted watch": ("削除された見守り", "已删除的看护"),
    "{when} · importance {importance} · {watch}": (
        "{when} · 重要度 {importance} · {watch}",
        "{when} · 重要性 {importance} · {watch}",
    ),
    "Any importance": ("すべての重要度", "任意重要性"),
    "Importance {n} or more": ("重要度 {n} 以上", "重要性 {n} 及以上"),
    "Importance 5 only": ("重要度 5 のみ", "仅重要性 5"),
    "All watches": ("すべての見守り", "所有看护"),
    "All days": ("すべての日", "所有日期"),
    "Watch": ("見守り", "看护"),
    "Importance": ("重要度", "重要性"),
    "Day": ("日付", "日期"),
    "Camera events": ("カメラのイベント", "相机事件"),
    "Show picture": ("画像を表示", "显示图片"),
    "Open conversation": ("会話を開く", "打开会话"),
    "Show the picture full size": ("画像を原寸で表示", "以原尺寸显示图片"),
    "Events: {count}": ("イベント: {count}", "事件：{count}"),
    "No events match these filters.": (
        "この条件に合うイベントはありません。",
        "没有符合这些筛选条件的事件。",
    ),
    "No camera events yet. When a watch reports one, it appears here.": (
        "カメラのイベントはまだありません。見守りが報告すると、ここに表示されます。",
        "还没有相机事件。看护报告事件后会显示在这里。",
    ),
    "No picture": ("画像なし", "无图片"),
    "(no summary)": ("（概要なし）", "（无摘要）"),
    "Camera event · importance {importance}": (
        "カメラのイベント · 重要度 {importance}",
        "相机事件 · 重要性 {importance}",
    ),
    "Open": ("開く", "打开"),
    # Settings › Village › Web companion (issue 16)
    "Web companion": ("Web コンパニオン", "网页伴侣"),
    "Serve this village to a web browser on this computer": (
        "このコンピューターの Web ブラウザーにこの村を公開する",
        "在本机的网页浏览器中提供此村庄",
    ),
    "Also on the local network (a phone in the same network)": (
        "ローカルネットワークにも公開する（同じネットワークのスマートフォン）",
        "也在局域网中提供（同一网络中的手机）",
    ),
    "Copy sign-in link": ("サインインリンクをコピー", "复制登录链接"),
    "New token": ("新しいトークン", "新令牌"),
    "Off": ("オフ", "关闭"),
    "The web companion could not start: {error}": (
        "Web コンパニオンを開始できませんでした: {error}",
        "网页伴侣无法启动：{error}",
    ),
    "Sign-in link copied. It carries the token: open it only on your own devices.": (
        "サインインリンクをコピーしました。トークンを含むので、自分の端末でだけ開いてください。",
        "已复制登录链接。它包含令牌：只在你自己的设备上打开。",
    ),
    "No new token: {error}": ("新しいトークンを作れませんでした: {error}", "无法生成新令牌：{error}"),
    "New token made: every signed-in page must sign in again.": (
        "新しいトークンを作りました。サインイン中のページはすべてサインインし直す必要があります。",
        "已生成新令牌：所有已登录的页面都必须重新登录。",
    ),
    "Show QR code": ("QR コードを表示", "显示二维码"),
    "Hide QR code": ("QR コードを隠す", "隐藏二维码"),
    "Scan it with the phone's camera. It carries the token: show it only to your own devices.": (
        "スマートフォンのカメラで読み取ってください。トークンを含むので、自分の端末にだけ見せてください。",
        "用手机相机扫描。它包含令牌：只给你自己的设备看。",
    ),
    (
        "This link opens on this computer only (127.0.0.1): for a phone, tick “Also on the local "
        "network” first. It carries the token: show it only to your own devices."
    ): (
        "このリンクはこのコンピューターでしか開けません（127.0.0.1）。スマートフォンで読み取るには、"
        "先に「ローカルネットワークにも公開する」に印を付けてください。トークンを含むので、自分の端末にだけ"
        "見せてください。",
        "此链接只能在本机打开（127.0.0.1）：要用手机扫描，请先勾选“也在局域网中提供”。它包含令牌：只给你自己的设备看。",
    ),
    "The web companion was on but could not start again: {error}": (
        "Web コンパニオンはオンでしたが、再開できませんでした: {error}",
        "网页伴侣原为开启，但无法再次启动：{error}",
    ),
    (
        "The web companion's remembered switch could not be read ({problem}). "
        "It is off; the file was kept as {path}."
    ): (
        "Web コンパニオンの記憶したスイッチを読めませんでした（{problem}）。"
        "オフにしています。ファイルは {path} として残しました。",
        "无法读取网页伴侣记住的开关（{problem}）。它已关闭；文件保留为 {path}。",
    ),
}


def fill(language: str) -> list[str]:
    path = HERE / f"fuseforks_{language}.ts"
    tree = ET.parse(path)
    root = tree.getroot()
    for context in list(root.iter("context")):  # texts no longer in the code leave the catalogue
        for message in list(context.findall("message")):
            kind = message.find("translation")
            if kind is not None and kind.get("type") in ("vanished", "obsolete"):
                context.remove(message)
        if context.find("message") is None:
            root.remove(context)
    missing = []
    for message in tree.iter("message"):
        source = message.findtext("source") or ""
        translation = message.find("translation")
        assert translation is not None
        if language == "en":
            text = source
        elif source in T:
            text = T[source][0 if language == "ja" else 1]
        else:
            missing.append(source)
            continue
        translation.text = text
        translation.attrib.pop("type", None)
    tree.write(path, encoding="utf-8", xml_declaration=True)
    subprocess.run([str(LRELEASE), str(path), "-qm", str(path.with_suffix(".qm"))], check=True)
    return missing


if __name__ == "__main__":
    for lang in ("ja", "en", "zh"):
        gaps = fill(lang)
        if gaps:
            print(f"{lang}: {len(gaps)} untranslated: {gaps}")
            sys.exit(1)
