<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="ja_JP">
<context>
    <name>AcceptanceDialog</name>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="121" />
        <source>Acceptance report</source>
        <translation>受け入れ確認レポート</translation>
    </message>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="122" />
        <source>Log: {path}</source>
        <translation>ログ: {path}</translation>
    </message>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="123" />
        <source>&amp;From:</source>
        <translation>開始時刻(&amp;F):</translation>
    </message>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="124" />
        <source>HH:MM or YYYY-MM-DD HH:MM; empty: the whole log</source>
        <translation>HH:MM または YYYY-MM-DD HH:MM。空ならログ全体</translation>
    </message>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="127" />
        <source>Refresh</source>
        <translation>再読み込み</translation>
    </message>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="128" />
        <source>Copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="129" />
        <source>Open log folder</source>
        <translation>ログフォルダーを開く</translation>
    </message>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="130" />
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <location filename="../app/widgets/acceptance_dialog.py" line="133" />
        <source>Not a time: {text} (HH:MM[:SS], YYYY-MM-DD HH:MM[:SS] or ISO 8601)</source>
        <translation>時刻ではありません: {text}（HH:MM[:SS]、YYYY-MM-DD HH:MM[:SS] または ISO 8601）</translation>
    </message>
</context>
<context>
    <name>AcceptanceTable</name>
    <message>
        <location filename="../app/acceptance.py" line="43" />
        <source>item</source>
        <translation>項目</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="44" />
        <source>protocol</source>
        <translation>プロトコル</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="45" />
        <source>verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="46" />
        <source>growth</source>
        <translation>増加</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="47" />
        <source>problems</source>
        <translation>問題</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="50" />
        <source>ok</source>
        <translation>成功</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="51" />
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="52" />
        <source>not run</source>
        <translation>未実施</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="53" />
        <source>manual</source>
        <translation>目視</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="55" />
        <source>In the window, open the tool row of a camera turn: it ends with {line}</source>
        <translation>ウィンドウでカメラのターンのツール行を開いてください。末尾に{line}と表示されます</translation>
    </message>
    <message>
        <location filename="../app/acceptance.py" line="58" />
        <source>cannot read the log {path}: {error}</source>
        <translation>ログ {path} を読めません: {error}</translation>
    </message>
</context>
<context>
    <name>AgentList</name>
    <message>
        <location filename="../app/widgets/agents.py" line="75" />
        <source>Agent</source>
        <translation>エージェント</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="76" />
        <source>Template</source>
        <translation>テンプレート</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="77" />
        <source>State</source>
        <translation>状態</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="78" />
        <source>Tokens</source>
        <translation>トークン</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="79" />
        <source>Context</source>
        <translation>コンテキスト</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="123" />
        <source>running</source>
        <translation>実行中</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="125" />
        <source>error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="126" />
        <source>idle</source>
        <translation>待機中</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="160" />
        <source>{percent} %</source>
        <translation>{percent} %</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="146" />
        <source>{used} of {budget} tokens of the context budget</source>
        <translation>コンテキスト予算 {budget} トークンのうち {used} トークン</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="149" />
        <source>earlier turns left out: {count}</source>
        <translation>省略した以前のターン: {count} 件</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="151" />
        <source>no earlier turn left out</source>
        <translation>省略した以前のターンはありません</translation>
    </message>
    <message>
        <location filename="../app/widgets/agents.py" line="156" />
        <source>last turn: {percent} % of its input read from the cache</source>
        <translation>前回のターン: 入力の {percent} % をキャッシュから読み込み</translation>
    </message>
</context>
<context>
    <name>AgentsPage</name>
    <message>
        <location filename="../app/settings/agents_page.py" line="161" />
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="162" />
        <source>Template</source>
        <translation>テンプレート</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="163" />
        <source>System prompt</source>
        <translation>システムプロンプト</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="156" />
        <location filename="../app/settings/agents_page.py" line="164" />
        <source>MCP servers</source>
        <translation>MCP サーバー</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="155" />
        <source>Agents</source>
        <translation>エージェント</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="160" />
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="165" />
        <source>Connected agents</source>
        <translation>つながっているエージェント</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="166" />
        <source>Built-in tools</source>
        <translation>組み込みツール</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="167" />
        <source>Context</source>
        <translation>コンテキスト</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="173" />
        <source>Summarize earlier turns left out to fit the model (one more model call)</source>
        <translation>モデルに収めるため省いた以前のターンを要約する（モデル呼び出しが 1 回増えます）</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="175" />
        <source>May ask me questions (ask_user_question)</source>
        <translation>私に質問してよい（ask_user_question）</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="177" />
        <source>May start watching a camera when I ask, after I confirm (watch_camera)</source>
        <translation>頼んだときに、確認のうえでカメラの見守りを始めてよい (watch_camera)</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="180" />
        <source>May run Python code on this computer (execute_code)</source>
        <translation>このコンピューターで Python コードを実行してよい（execute_code）</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="182" />
        <source>Add agent</source>
        <translation>エージェントを追加</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="183" />
        <location filename="../app/settings/agents_page.py" line="282" />
        <source>Remove agent</source>
        <translation>エージェントを外す</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="184" />
        <source>Add</source>
        <translation>追加</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="185" />
        <source>Edit</source>
        <translation>編集</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="186" />
        <location filename="../app/settings/agents_page.py" line="291" />
        <source>Remove</source>
        <translation>削除</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="187" />
        <source>Paste Claude Desktop JSON…</source>
        <translation>Claude Desktop の JSON を貼り付け…</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="268" />
        <source>New agent</source>
        <translation>新しいエージェント</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="284" />
        <source>Remove {name} ({id})? Its conversations stay in the store.</source>
        <translation>{name}（{id}）を外しますか？会話は保存されたまま残ります。</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="288" />
        <source>Its running turn is stopped when you save.</source>
        <translation>実行中のターンは保存したときに止まります。</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="292" />
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="318" />
        <source>Letters, digits, _ and - (at most 48)</source>
        <translation>英字、数字、_ と -（48 文字まで）</translation>
    </message>
    <message>
        <location filename="../app/settings/agents_page.py" line="320" />
        <source>Another agent has this id</source>
        <translation>この ID は別のエージェントが使っています</translation>
    </message>
</context>
<context>
    <name>Bubble</name>
    <message>
        <location filename="../app/widgets/bubble.py" line="102" />
        <source>Retry</source>
        <translation>再試行</translation>
    </message>
    <message>
        <location filename="../app/widgets/bubble.py" line="103" />
        <source>Send the same request again</source>
        <translation>同じ依頼をもう一度送ります</translation>
    </message>
    <message>
        <location filename="../app/widgets/bubble.py" line="105" />
        <source>Open Settings</source>
        <translation>設定を開く</translation>
    </message>
    <message>
        <location filename="../app/widgets/bubble.py" line="106" />
        <source>Enter or correct the provider's key</source>
        <translation>プロバイダーのキーを入力または修正します</translation>
    </message>
</context>
<context>
    <name>BusyIndicator</name>
    <message>
        <location filename="../app/widgets/busy.py" line="131" />
        <source>working…</source>
        <translation>作業中…</translation>
    </message>
    <message>
        <location filename="../app/widgets/busy.py" line="136" />
        <source>Retrying in {seconds} s, attempt {attempt}/{attempts}</source>
        <translation>{seconds} 秒後に再試行（{attempt}/{attempts} 回目）</translation>
    </message>
    <message>
        <location filename="../app/widgets/busy.py" line="138" />
        <source>Retrying now, attempt {attempt}/{attempts}</source>
        <translation>再試行中（{attempt}/{attempts} 回目）</translation>
    </message>
    <message>
        <location filename="../app/widgets/busy.py" line="141" />
        <source>the provider limits the request rate</source>
        <translation>プロバイダーがリクエストの頻度を制限しています</translation>
    </message>
    <message>
        <location filename="../app/widgets/busy.py" line="142" />
        <source>the provider is overloaded</source>
        <translation>プロバイダーが混み合っています</translation>
    </message>
    <message>
        <location filename="../app/widgets/busy.py" line="143" />
        <source>the provider had an error</source>
        <translation>プロバイダー側でエラーが起きました</translation>
    </message>
    <message>
        <location filename="../app/widgets/busy.py" line="144" />
        <source>the provider did not answer in time</source>
        <translation>プロバイダーが時間内に応答しませんでした</translation>
    </message>
    <message>
        <location filename="../app/widgets/busy.py" line="145" />
        <source>the connection failed</source>
        <translation>接続に失敗しました</translation>
    </message>
</context>
<context>
    <name>CallProgress</name>
    <message>
        <location filename="../app/widgets/tool_progress.py" line="65" />
        <source>The server reports progress without a total</source>
        <translation>サーバーは全体量なしで進捗を報告しています</translation>
    </message>
    <message>
        <location filename="../app/widgets/tool_progress.py" line="67" />
        <source>{done} of {total}</source>
        <translation>{total} のうち {done}</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <location filename="../app/widgets/chat.py" line="150" />
        <source>Show earlier ({count})</source>
        <translation>以前の項目を表示（{count}）</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="308" />
        <source>Continuing the turn where it stopped.</source>
        <translation>止まったところからターンを続けます。</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="315" />
        <source>Request passed on from {source}:</source>
        <translation>{source} から引き継がれた依頼:</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="321" />
        <source>Passed the request on to {to}.</source>
        <translation>依頼を {to} に引き継ぎました。</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="327" />
        <source>Stopped.</source>
        <translation>停止しました。</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="329" />
        <source>Paused. Press Resume to continue.</source>
        <translation>一時停止しました。「再開」で続けます。</translation>
    </message>
    <message>
        <location filename="../app/widgets/chat.py" line="336" />
        <source>The turn failed ({code}): {message}</source>
        <translation>ターンが失敗しました（{code}）: {message}</translation>
    </message>
</context>
<context>
    <name>CompanionResume</name>
    <message>
        <location filename="../app/web_resume.py" line="32" />
        <source>The web companion was on but could not start again: {error}</source>
        <translation>Web コンパニオンはオンでしたが、再開できませんでした: {error}</translation>
    </message>
    <message>
        <location filename="../app/web_resume.py" line="39" />
        <source>The web companion's remembered switch could not be read ({problem}). It is off; the file was kept as {path}.</source>
        <translation>Web コンパニオンの記憶したスイッチを読めませんでした（{problem}）。オフにしています。ファイルは {path} として残しました。</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <location filename="../app/widgets/composer.py" line="61" />
        <source>Resume</source>
        <translation>再開</translation>
    </message>
    <message>
        <location filename="../app/widgets/composer.py" line="61" />
        <source>Pause</source>
        <translation>一時停止</translation>
    </message>
    <message>
        <location filename="../app/widgets/composer.py" line="65" />
        <source>Message</source>
        <translation>メッセージ</translation>
    </message>
    <message>
        <location filename="../app/widgets/composer.py" line="67" />
        <source>Message the selected agent (Enter sends, Shift+Enter adds a line)</source>
        <translation>選択中のエージェントへのメッセージ（Enter で送信、Shift+Enter で改行）</translation>
    </message>
    <message>
        <location filename="../app/widgets/composer.py" line="69" />
        <source>Send</source>
        <translation>送信</translation>
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
        <translation>テストを中止</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="90" />
        <source>Test connection</source>
        <translation>接続をテスト</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="91" />
        <source>with a picture (vision check)</source>
        <translation>画像付き（画像認識の確認）</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="92" />
        <source>Sends a frame of the demo camera and asks the model what it shows</source>
        <translation>デモカメラの 1 コマを送り、何が写っているかをモデルに尋ねます</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="119" />
        <source>Test cancelled.</source>
        <translation>テストを中止しました。</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="126" />
        <source>Fix the template first: {problems}</source>
        <translation>先にテンプレートを直してください: {problems}</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="130" />
        <source>The offline demo needs no connection: it answers on this computer.</source>
        <translation>オフラインデモは接続を必要としません。このコンピューター上で応答します。</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="137" />
        <source>No key is stored under the keyring entry "{entry}": paste it below and press Store key.</source>
        <translation>キーリングの項目「{entry}」にキーが保存されていません。下に貼り付けて「キーを保存」を押してください。</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="150" />
        <source>Sending a test request to {url} …</source>
        <translation>{url} にテストの要求を送っています…</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="170" />
        <source>Connected in {seconds} s, but the model answered with no text.</source>
        <translation>{seconds} 秒で接続しましたが、モデルの応答に文章がありませんでした。</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="177" />
        <source>Connected in {seconds} s. The model answered: {answer}</source>
        <translation>{seconds} 秒で接続しました。モデルの応答: {answer}</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="187" />
        <source>The provider refused the request: HTTP {status}{code}: {message}</source>
        <translation>プロバイダーが要求を拒否しました: HTTP {status}{code}: {message}</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="191" />
        <source>{url} could not be reached: {error}</source>
        <translation>{url} に接続できませんでした: {error}</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="193" />
        <source>The answer could not be read: {error}</source>
        <translation>応答を読み取れませんでした: {error}</translation>
    </message>
    <message>
        <location filename="../app/settings/connection_test.py" line="195" />
        <source>The test failed: {error}</source>
        <translation>テストに失敗しました: {error}</translation>
    </message>
</context>
<context>
    <name>ConversationList</name>
    <message>
        <location filename="../app/widgets/conversations.py" line="141" />
        <location filename="../app/widgets/conversations.py" line="150" />
        <location filename="../app/widgets/conversations.py" line="248" />
        <source>New conversation</source>
        <translation>新しい会話</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="147" />
        <source>{turns} requests</source>
        <translation>依頼 {turns} 件</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="170" />
        <source>Earlier conversations</source>
        <translation>以前の会話</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="180" />
        <source>Kept from before conversations belonged to a configuration: open one to use it here.</source>
        <translation>会話が設定ごとに分けられる前から残っている会話です。開くとこの設定で使えます。</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="245" />
        <location filename="../app/widgets/conversations.py" line="253" />
        <source>Conversations</source>
        <translation>会話</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="246" />
        <source>New</source>
        <translation>新規</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="247" />
        <source>New conversation (Ctrl+N)</source>
        <translation>新しい会話 (Ctrl+N)</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="249" />
        <source>Search titles and messages</source>
        <translation>タイトルとメッセージを検索</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="250" />
        <source>Search conversations</source>
        <translation>会話を検索</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="252" />
        <source>Clear the search</source>
        <translation>検索をクリア</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="254" />
        <source>Rename</source>
        <translation>名前を変更</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="255" />
        <source>Delete</source>
        <translation>削除</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="256" />
        <source>No conversation matches.</source>
        <translation>一致する会話はありません。</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="257" />
        <source>Show earlier turns</source>
        <translation>以前のやり取りを表示</translation>
    </message>
    <message>
        <location filename="../app/widgets/conversations.py" line="258" />
        <source>Show older turns of this conversation in the chat</source>
        <translation>この会話の以前のやり取りをチャットに表示します</translation>
    </message>
</context>
<context>
    <name>ConversationPane</name>
    <message>
        <location filename="../app/conversation_pane.py" line="83" />
        <source>&amp;New conversation</source>
        <translation>新しい会話(&amp;N)</translation>
    </message>
    <message>
        <location filename="../app/conversation_pane.py" line="152" />
        <source>New conversation</source>
        <translation>新しい会話</translation>
    </message>
    <message>
        <location filename="../app/conversation_pane.py" line="155" />
        <source>Delete conversation</source>
        <translation>会話を削除</translation>
    </message>
    <message>
        <location filename="../app/conversation_pane.py" line="161" />
        <source>“{title}” has a turn running. Stop it first, then delete the conversation.</source>
        <translation>「{title}」ではターンが実行中です。先に停止してから会話を削除してください。</translation>
    </message>
    <message>
        <location filename="../app/conversation_pane.py" line="170" />
        <source>Delete “{title}”?</source>
        <translation>「{title}」を削除しますか？</translation>
    </message>
    <message>
        <location filename="../app/conversation_pane.py" line="172" />
        <source>Its messages and the pictures only it uses are removed from this computer.</source>
        <translation>この会話のメッセージと、この会話だけが使っている画像がこのコンピューターから削除されます。</translation>
    </message>
    <message>
        <location filename="../app/conversation_pane.py" line="174" />
        <source>Delete</source>
        <translation>削除</translation>
    </message>
</context>
<context>
    <name>CopyButton</name>
    <message>
        <location filename="../app/widgets/markdown.py" line="130" />
        <source>Copied</source>
        <translation>コピーしました</translation>
    </message>
    <message>
        <location filename="../app/widgets/markdown.py" line="130" />
        <location filename="../app/widgets/markdown.py" line="132" />
        <source>Copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <location filename="../app/widgets/markdown.py" line="131" />
        <source>Copy to the clipboard</source>
        <translation>クリップボードにコピー</translation>
    </message>
</context>
<context>
    <name>DemoBanner</name>
    <message>
        <location filename="../app/widgets/banner.py" line="25" />
        <source>This is the offline demo village. Muse's model is a script, not an AI: it takes one frame from the camera simulator and reports the picture's size and colours. To talk to a real model, open Settings, add a template and store its key.</source>
        <translation>これはオフラインのデモ村です。Muse のモデルは AI ではなくスクリプトです。カメラシミュレーターから1枚撮り、画像の大きさと色を報告します。実際のモデルと話すには、設定を開いてテンプレートを追加し、キーを保存してください。</translation>
    </message>
    <message>
        <location filename="../app/widgets/banner.py" line="30" />
        <source>Open Settings</source>
        <translation>設定を開く</translation>
    </message>
</context>
<context>
    <name>DesktopManners</name>
    <message>
        <location filename="../app/desktop.py" line="129" />
        <source>{agent} answered</source>
        <translation>{agent} が回答しました</translation>
    </message>
    <message>
        <location filename="../app/desktop.py" line="134" />
        <source>{agent}: the turn failed</source>
        <translation>{agent}: ターンが失敗しました</translation>
    </message>
</context>
<context>
    <name>ElicitationCard</name>
    <message>
        <location filename="../app/widgets/elicitation.py" line="192" />
        <source>{agent}: the MCP server {server} asks you:</source>
        <translation>{agent}: MCP サーバー {server} からの入力依頼:</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation.py" line="196" />
        <source>Accept</source>
        <translation>承認</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation.py" line="197" />
        <source>Decline</source>
        <translation>断る</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation.py" line="198" />
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation.py" line="253" />
        <source>Check: {fields}</source>
        <translation>確認してください: {fields}</translation>
    </message>
</context>
<context>
    <name>HelpMenu</name>
    <message>
        <location filename="../app/widgets/help_menu.py" line="39" />
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <location filename="../app/widgets/help_menu.py" line="40" />
        <source>Open log folder</source>
        <translation>ログフォルダーを開く</translation>
    </message>
    <message>
        <location filename="../app/widgets/help_menu.py" line="41" />
        <source>Acceptance report</source>
        <translation>受け入れ確認レポート</translation>
    </message>
    <message>
        <location filename="../app/widgets/help_menu.py" line="42" />
        <location filename="../app/widgets/help_menu.py" line="77" />
        <source>Version</source>
        <translation>バージョン</translation>
    </message>
    <message>
        <location filename="../app/widgets/help_menu.py" line="43" />
        <location filename="../app/widgets/help_menu.py" line="81" />
        <source>About Fuseforks</source>
        <translation>Fuseforks について</translation>
    </message>
    <message>
        <location filename="../app/widgets/help_menu.py" line="83" />
        <source>Fuseforks {version}

A village of AI agents that watch a camera through MCP tools.
Images returned by tools are sent to the model provider of the agent that called the tool. See PRIVACY.md for what is kept on disk.</source>
        <translation>Fuseforks {version}

MCP ツールを通してカメラを見る AI エージェントの村です。
ツールが返した画像は、そのツールを呼び出したエージェントのモデル提供元に送られます。ディスクに保存されるものは PRIVACY.md を参照してください。</translation>
    </message>
</context>
<context>
    <name>ImagePreview</name>
    <message>
        <location filename="../app/widgets/preview.py" line="230" />
        <source>Save image…</source>
        <translation>画像を保存…</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="231" />
        <source>Copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="232" />
        <source>Click to open the full-size image</source>
        <translation>クリックで原寸の画像を開きます</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="234" />
        <source>Loading image…</source>
        <translation>画像を読み込み中…</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="284" />
        <source>The stored image is no longer available.</source>
        <translation>保存された画像はもう利用できません。</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="291" />
        <source>The image could not be decoded.</source>
        <translation>画像を表示できませんでした。</translation>
    </message>
    <message>
        <location filename="../app/widgets/preview.py" line="325" />
        <source>Save image</source>
        <translation>画像を保存</translation>
    </message>
</context>
<context>
    <name>KeyBox</name>
    <message>
        <location filename="../app/settings/key_box.py" line="73" />
        <source>API key (stored only in the OS keyring)</source>
        <translation>API キー（OS のキーリングにのみ保存）</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="74" />
        <source>Paste the key here; it is never shown again</source>
        <translation>ここにキーを貼り付けます。二度と表示されません</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="75" />
        <source>Store key</source>
        <translation>キーを保存</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="76" />
        <source>Delete key</source>
        <translation>キーを削除</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="77" />
        <source>Keep the key for this session only</source>
        <translation>このセッションの間だけキーを保持</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="92" />
        <source>No key needed (no keyring entry named)</source>
        <translation>キー不要（キーリングの項目名なし）</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="94" />
        <source>Key present (kept for this session only)</source>
        <translation>キーあり（このセッションの間だけ保持）</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="96" />
        <source>Key present in the OS keyring</source>
        <translation>OS のキーリングにキーがあります</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="98" />
        <source>No key stored</source>
        <translation>キーは保存されていません</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="124" />
        <source>No OS keyring is available on this system, so the key cannot be stored. You can keep it in memory for this session only; it is forgotten when the app closes.</source>
        <translation>このシステムには使える OS のキーリングがないため、キーを保存できません。このセッションの間だけメモリーに保持できます。アプリを閉じると消えます。</translation>
    </message>
    <message>
        <location filename="../app/settings/key_box.py" line="148" />
        <source>The OS keyring could not be reached.</source>
        <translation>OS のキーリングに接続できませんでした。</translation>
    </message>
</context>
<context>
    <name>LockedNotice</name>
    <message>
        <location filename="../app/instance.py" line="116" />
        <source>Fuseforks is already running on this data folder, but it did not answer. Close the other Fuseforks, then start again. (Lock file: {path})</source>
        <translation>Fuseforks はこのデータフォルダーですでに動いていますが、応答がありません。もう一方の Fuseforks を閉じてから、もう一度起動してください。（ロックファイル: {path}）</translation>
    </message>
    <message>
        <location filename="../app/instance.py" line="120" />
        <source>Fuseforks is already running on this data folder (process {pid}), but it did not answer. Close it, or end process {pid}, then start again. (Lock file: {path})</source>
        <translation>Fuseforks はこのデータフォルダーですでに動いています（プロセス {pid}）が、応答がありません。それを閉じるか、プロセス {pid} を終了してから、もう一度起動してください。（ロックファイル: {path}）</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../app/main_window.py" line="254" />
        <source>Agents</source>
        <translation>エージェント</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="255" />
        <source>Chat</source>
        <translation>チャット</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="256" />
        <source>Tool calls</source>
        <translation>ツール呼び出し</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="258" />
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="259" />
        <source>&amp;Settings…</source>
        <translation>設定(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="260" />
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="270" />
        <source>Error: {error}</source>
        <translation>エラー: {error}</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="342" />
        <location filename="../app/main_window.py" line="350" />
        <source>This agent is still working; press Stop first.</source>
        <translation>このエージェントはまだ作業中です。先に停止を押してください。</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="377" />
        <source>Pausing at the next step…</source>
        <translation>次の区切りで一時停止します…</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="392" />
        <source>A paused turn is waiting. Press Resume to continue it.</source>
        <translation>一時停止中のターンがあります。「再開」で続けます。</translation>
    </message>
    <message>
        <location filename="../app/main_window.py" line="412" />
        <source>Stopping at the next step…</source>
        <translation>次の区切りで停止します…</translation>
    </message>
</context>
<context>
    <name>ModelFetch</name>
    <message>
        <location filename="../app/settings/model_box.py" line="98" />
        <source>Fetch models</source>
        <translation>モデル一覧を取得</translation>
    </message>
    <message>
        <location filename="../app/settings/model_box.py" line="129" />
        <source>Fix the template first: {problems}</source>
        <translation>先にテンプレートを直してください: {problems}</translation>
    </message>
    <message>
        <location filename="../app/settings/model_box.py" line="136" />
        <source>No key is stored under "{entry}" yet.</source>
        <translation>「{entry}」にはまだキーが保存されていません。</translation>
    </message>
    <message>
        <location filename="../app/settings/model_box.py" line="138" />
        <source>Asking the provider for its models …</source>
        <translation>プロバイダーにモデル一覧を問い合わせています…</translation>
    </message>
    <message>
        <location filename="../app/settings/model_box.py" line="156" />
        <source>This provider's API offers no model list: type the model name.</source>
        <translation>このプロバイダーの API はモデル一覧を提供していません。モデル名を入力してください。</translation>
    </message>
    <message>
        <location filename="../app/settings/model_box.py" line="160" />
        <source>{count} models</source>
        <translation>{count} 個のモデル</translation>
    </message>
    <message>
        <location filename="../app/settings/model_box.py" line="167" />
        <source>No model list: HTTP {status}: {message}</source>
        <translation>モデル一覧なし: HTTP {status}: {message}</translation>
    </message>
    <message>
        <location filename="../app/settings/model_box.py" line="171" />
        <location filename="../app/settings/model_box.py" line="173" />
        <source>No model list: {error}</source>
        <translation>モデル一覧なし: {error}</translation>
    </message>
</context>
<context>
    <name>Pager</name>
    <message>
        <location filename="../app/widgets/pager.py" line="266" />
        <source>Characters {first}–{last} of {total}</source>
        <translation>全 {total} 文字中 {first}–{last} 文字目</translation>
    </message>
    <message>
        <location filename="../app/widgets/pager.py" line="284" />
        <source>The stored copy of this text is damaged: only what is shown here is available.</source>
        <translation>保存されたこのテキストは壊れています。ここに表示されている部分だけが読めます。</translation>
    </message>
    <message>
        <location filename="../app/widgets/pager.py" line="289" />
        <source>The store is not open: only the first {count} characters are shown.</source>
        <translation>保存先が開かれていません。最初の {count} 文字だけを表示しています。</translation>
    </message>
    <message>
        <location filename="../app/widgets/pager.py" line="294" />
        <source>This call was not found in the store: only the first {count} characters are shown.</source>
        <translation>この呼び出しは保存先に見つかりませんでした。最初の {count} 文字だけを表示しています。</translation>
    </message>
    <message>
        <location filename="../app/widgets/pager.py" line="296" />
        <source>The store could not be read: only the first {count} characters are shown.</source>
        <translation>保存先を読み込めませんでした。最初の {count} 文字だけを表示しています。</translation>
    </message>
    <message>
        <location filename="../app/widgets/pager.py" line="301" />
        <source>First</source>
        <translation>最初</translation>
    </message>
    <message>
        <location filename="../app/widgets/pager.py" line="302" />
        <source>Previous</source>
        <translation>前へ</translation>
    </message>
    <message>
        <location filename="../app/widgets/pager.py" line="303" />
        <source>Next</source>
        <translation>次へ</translation>
    </message>
    <message>
        <location filename="../app/widgets/pager.py" line="304" />
        <source>Last</source>
        <translation>最後</translation>
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
        <translation>画像</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="277" />
        <source>{index} / {count}</source>
        <translation>{index} / {count}</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="280" />
        <source>Fit</source>
        <translation>全体表示</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="282" />
        <source>Previous picture</source>
        <translation>前の画像</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="283" />
        <source>Next picture</source>
        <translation>次の画像</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="284" />
        <source>Zoom out</source>
        <translation>縮小</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="285" />
        <source>Zoom in</source>
        <translation>拡大</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="286" />
        <source>Actual size (one image pixel per screen pixel)</source>
        <translation>等倍（画像の1ピクセルを画面の1ピクセルで表示）</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="287" />
        <source>Fit the picture to the window</source>
        <translation>画像をウィンドウに合わせる</translation>
    </message>
    <message>
        <location filename="../app/widgets/viewer.py" line="291" />
        <source>Picture: scroll to zoom, drag to move</source>
        <translation>画像: スクロールで拡大縮小、ドラッグで移動</translation>
    </message>
</context>
<context>
    <name>PresetMenu</name>
    <message>
        <location filename="../app/settings/presets.py" line="105" />
        <source>Providers</source>
        <translation>プロバイダー</translation>
    </message>
    <message>
        <location filename="../app/settings/presets.py" line="108" />
        <source>Servers on this computer (no key)</source>
        <translation>このコンピューター上のサーバー（キー不要）</translation>
    </message>
</context>
<context>
    <name>ProblemTexts</name>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="20" />
        <source>Required</source>
        <translation>入力が必要です</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="24" />
        <source>At least {n} characters</source>
        <translation>{n} 文字以上で入力してください</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="26" />
        <source>At most {n} characters</source>
        <translation>{n} 文字以内で入力してください</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="28" />
        <source>At least {n}</source>
        <translation>{n} 以上にしてください</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="30" />
        <source>At most {n}</source>
        <translation>{n} 以下にしてください</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="32" />
        <source>Choose at least {n}</source>
        <translation>{n} 個以上選んでください</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="34" />
        <source>Choose at most {n}</source>
        <translation>{n} 個まで選べます</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="35" />
        <location filename="../app/widgets/elicitation_problems.py" line="46" />
        <source>Not a valid value</source>
        <translation>正しい値ではありません</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="39" />
        <source>Enter an email address, like name@example.com</source>
        <translation>メールアドレスを入力してください（例: name@example.com）</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="41" />
        <source>Enter an address with its scheme, like https://example.com</source>
        <translation>スキームを含むアドレスを入力してください（例: https://example.com）</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="43" />
        <source>Enter a date as YYYY-MM-DD</source>
        <translation>日付を YYYY-MM-DD の形で入力してください</translation>
    </message>
    <message>
        <location filename="../app/widgets/elicitation_problems.py" line="45" />
        <source>Enter a date and time as YYYY-MM-DDThh:mm</source>
        <translation>日時を YYYY-MM-DDThh:mm の形で入力してください</translation>
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
        <translation>OpenAI 互換 Chat Completions</translation>
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
        <translation>オフラインデモ（AI なし）</translation>
    </message>
</context>
<context>
    <name>QuestionCard</name>
    <message>
        <location filename="../app/widgets/question.py" line="95" />
        <source>{agent} asks you:</source>
        <translation>{agent} からの質問:</translation>
    </message>
    <message>
        <location filename="../app/widgets/question.py" line="96" />
        <source>Type your answer</source>
        <translation>回答を入力</translation>
    </message>
    <message>
        <location filename="../app/widgets/question.py" line="97" />
        <source>Answer</source>
        <translation>回答</translation>
    </message>
    <message>
        <location filename="../app/widgets/question.py" line="98" />
        <source>Decline</source>
        <translation>断る</translation>
    </message>
</context>
<context>
    <name>RegionEditor</name>
    <message>
        <location filename="../app/widgets/watch_region.py" line="57" />
        <location filename="../app/widgets/watch_region.py" line="154" />
        <source>Region of interest</source>
        <translation>注目する範囲</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_region.py" line="125" />
        <source>No picture yet</source>
        <translation>まだ画像がありません</translation>
    </message>
</context>
<context>
    <name>RhythmEditor</name>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="96" />
        <source>every …</source>
        <translation>一定の間隔で…</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="96" />
        <source>at times of day</source>
        <translation>決まった時刻に</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="96" />
        <source>continuously, changed frames only</source>
        <translation>連続して（変化したフレームだけ）</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="99" />
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="100" />
        <source>minutes</source>
        <translation>分</translation>
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
        <translation>秒ごとに1フレーム</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="103" />
        <source>How often to look</source>
        <translation>見る頻度</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="104" />
        <source>Interval</source>
        <translation>間隔</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="105" />
        <source>Interval unit</source>
        <translation>間隔の単位</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_rhythm.py" line="106" />
        <source>Times of day</source>
        <translation>時刻</translation>
    </message>
</context>
<context>
    <name>RootsEditor</name>
    <message>
        <location filename="../app/settings/server_roots.py" line="66" />
        <source>Folders</source>
        <translation>フォルダー</translation>
    </message>
    <message>
        <location filename="../app/settings/server_roots.py" line="67" />
        <source>Folders this server may see (MCP roots); none: it is told of no folder</source>
        <translation>このサーバーが見てよいフォルダー（MCP ルーツ）。なし: どのフォルダーも知らせません</translation>
    </message>
    <message>
        <location filename="../app/settings/server_roots.py" line="68" />
        <source>Add folder…</source>
        <translation>フォルダーを追加…</translation>
    </message>
    <message>
        <location filename="../app/settings/server_roots.py" line="69" />
        <source>Remove</source>
        <translation>削除</translation>
    </message>
    <message>
        <location filename="../app/settings/server_roots.py" line="108" />
        <source>Choose a folder</source>
        <translation>フォルダーを選択</translation>
    </message>
</context>
<context>
    <name>SamplingCard</name>
    <message>
        <location filename="../app/widgets/sampling_card.py" line="76" />
        <source>{agent}: the MCP server {server} asks to use this agent's model:</source>
        <translation>{agent}: MCP サーバー {server} がこのエージェントのモデルの利用を求めています:</translation>
    </message>
    <message>
        <location filename="../app/widgets/sampling_card.py" line="81" />
        <source>At most {tokens} tokens</source>
        <translation>最大 {tokens} トークン</translation>
    </message>
    <message>
        <location filename="../app/widgets/sampling_card.py" line="82" />
        <source>Approve</source>
        <translation>承認</translation>
    </message>
    <message>
        <location filename="../app/widgets/sampling_card.py" line="83" />
        <source>Deny</source>
        <translation>拒否</translation>
    </message>
    <message>
        <location filename="../app/widgets/sampling_card.py" line="87" />
        <source>user</source>
        <translation>ユーザー</translation>
    </message>
    <message>
        <location filename="../app/widgets/sampling_card.py" line="87" />
        <source>assistant</source>
        <translation>アシスタント</translation>
    </message>
    <message>
        <location filename="../app/widgets/sampling_card.py" line="90" />
        <source>System prompt: {text}</source>
        <translation>システムプロンプト: {text}</translation>
    </message>
    <message>
        <location filename="../app/widgets/sampling_card.py" line="94" />
        <source>[{count} image(s)]</source>
        <translation>[画像 {count} 枚]</translation>
    </message>
</context>
<context>
    <name>ServerEditor</name>
    <message>
        <location filename="../app/settings/server_editor.py" line="86" />
        <source>Server JSON</source>
        <translation>サーバーの JSON</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="87" />
        <source>Apply</source>
        <translation>適用</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="89" />
        <source>Sign out</source>
        <translation>サインアウト</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="91" />
        <source>server name (letters, digits, _ and -)</source>
        <translation>サーバー名（英数字、_ と -）</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="94" />
        <source>Paste the whole Claude Desktop block {"mcpServers": {…}}; the servers are added to this agent.</source>
        <translation>Claude Desktop のブロック {"mcpServers": {…}} をそのまま貼り付けます。サーバーはこのエージェントに追加されます。</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="98" />
        <source>One server as JSON: {"command": …, "args": […]} or {"type": "http", "url": …}. No secrets here: write ${secret:NAME} and store NAME in the keyring.</source>
        <translation>サーバー1つを JSON で: {"command": …, "args": […]} または {"type": "http", "url": …}。秘密情報は書かず、${secret:NAME} と書いて NAME をキーリングに保存してください。</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="141" />
        <source>Forget this server's sign-in (the OAuth tokens in the OS keyring)</source>
        <translation>このサーバーへのサインインを消去します（OS のキーリング内の OAuth トークン）</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="143" />
        <source>Not signed in to this server</source>
        <translation>このサーバーにはサインインしていません</translation>
    </message>
    <message>
        <location filename="../app/settings/server_editor.py" line="164" />
        <source>a server needs a name and a JSON object</source>
        <translation>サーバーには名前と JSON オブジェクトが必要です</translation>
    </message>
</context>
<context>
    <name>ServerPanel</name>
    <message>
        <location filename="../app/widgets/servers.py" line="232" />
        <source>MCP servers</source>
        <translation>MCP サーバー</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="233" />
        <source>This agent has no MCP servers.</source>
        <translation>このエージェントには MCP サーバーがありません。</translation>
    </message>
</context>
<context>
    <name>ServerRow</name>
    <message>
        <location filename="../app/widgets/servers.py" line="139" />
        <source>connected</source>
        <translation>接続済み</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="141" />
        <source>off</source>
        <translation>オフ</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="143" />
        <source>connecting…</source>
        <translation>接続中…</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="147" />
        <source>failed · reconnecting in {seconds} s</source>
        <translation>失敗 · {seconds} 秒後に再接続</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="148" />
        <source>failed · reconnecting…</source>
        <translation>失敗 · 再接続中…</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="149" />
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="156" />
        <source>Reconnect</source>
        <translation>再接続</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="157" />
        <source>Reconnect {server}</source>
        <translation>{server} に再接続</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="161" />
        <source>Reason: {error}</source>
        <translation>理由: {error}</translation>
    </message>
    <message>
        <location filename="../app/widgets/servers.py" line="164" />
        <source>Tools ({count})</source>
        <translation>ツール（{count}）</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../app/settings/dialog.py" line="155" />
        <location filename="../app/settings/dialog.py" line="351" />
        <source>Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="156" />
        <source>Templates</source>
        <translation>テンプレート</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="157" />
        <source>Agents</source>
        <translation>エージェント</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="158" />
        <source>Village</source>
        <translation>村</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="165" />
        <source>Village name</source>
        <translation>村の名前</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="165" />
        <source>Language</source>
        <translation>言語</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="165" />
        <source>Image results</source>
        <translation>画像の結果</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="165" />
        <source>Vision relay</source>
        <translation>ビジョンリレー</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="171" />
        <source>An agent whose model cannot read images gets this template's description of each tool image instead, so a watch or a chat on a text-only model still sees the camera.</source>
        <translation>画像を読めないモデルのエージェントには、代わりにこのテンプレートがツール画像を一枚ずつ説明します。テキストだけのモデルでも、見守りやチャットでカメラを見られます。</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="176" />
        <source>Send images returned by MCP tools to the model</source>
        <translation>MCP ツールが返した画像をモデルに送る</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="179" />
        <source>Images returned by tools are sent to the model provider of the agent that called the tool.</source>
        <translation>ツールが返した画像は、そのツールを呼び出したエージェントのモデル提供元に送られます。</translation>
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
        <translation>閉じる</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="214" />
        <source>None</source>
        <translation>なし</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="226" />
        <source>(file)</source>
        <translation>（ファイル）</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="293" />
        <source>{path} is not a configuration the app can read ({problems}). Fix it in an editor or move it aside, then Save again: Settings does not replace it.</source>
        <translation>{path} はこのアプリが読める設定ファイルではありません（{problems}）。エディターで直すか別の場所へ移してから、もう一度保存してください。設定画面はこのファイルを置き換えません。</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="305" />
        <source>could not write {path}: {error}</source>
        <translation>{path} に書き込めませんでした: {error}</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="313" />
        <source>Saved ✓</source>
        <translation>保存しました ✓</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="335" />
        <source>The OS keyring could not be reached: store the key again under {entries}.</source>
        <translation>OS のキーリングに接続できませんでした。{entries} にキーをもう一度保存してください。</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="353" />
        <source>Save the changes to the settings?</source>
        <translation>設定の変更を保存しますか？</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="357" />
        <source>Discard</source>
        <translation>破棄</translation>
    </message>
    <message>
        <location filename="../app/settings/dialog.py" line="358" />
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
</context>
<context>
    <name>SignInLinkDialog</name>
    <message>
        <location filename="../app/widgets/sign_in_link.py" line="56" />
        <source>Sign in to an MCP server</source>
        <translation>MCP サーバーにサインイン</translation>
    </message>
    <message>
        <location filename="../app/widgets/sign_in_link.py" line="59" />
        <source>No browser could be opened. Open this link in a browser on this computer to sign in; the agent connects once you have signed in.</source>
        <translation>ブラウザーを開けませんでした。このコンピューターのブラウザーでこのリンクを開いてサインインしてください。サインインが済むとエージェントが接続します。</translation>
    </message>
    <message>
        <location filename="../app/widgets/sign_in_link.py" line="63" />
        <source>Copy link</source>
        <translation>リンクをコピー</translation>
    </message>
    <message>
        <location filename="../app/widgets/sign_in_link.py" line="64" />
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <location filename="../app/widgets/sign_in_link.py" line="73" />
        <source>Copied</source>
        <translation>コピーしました</translation>
    </message>
</context>
<context>
    <name>StartupProblemDialog</name>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="122" />
        <source>Configuration problem</source>
        <translation>設定の問題</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="125" />
        <source>{file} is not valid JSON</source>
        <translation>{file} は正しい JSON ではありません</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="127" />
        <source>Fuseforks cannot read this configuration file. Fix the marked place in an editor, save it, then press Try again.</source>
        <translation>この設定ファイルを読み込めません。エディターで示された箇所を直して保存し、「再試行」を押してください。</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="131" />
        <source>{file} has values Fuseforks cannot use</source>
        <translation>{file} に Fuseforks が使えない値があります</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="133" />
        <source>Each line below names a setting by its place in the file and what is wrong with it. Fix them in an editor, save the file, then press Try again.</source>
        <translation>下の各行は、ファイル内の位置で設定を示し、何が問題かを説明しています。エディターで直して保存し、「再試行」を押してください。</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="137" />
        <source>{file} has settings Fuseforks does not know</source>
        <translation>{file} に Fuseforks が知らない設定があります</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="139" />
        <source>They are ignored (and kept when Settings saves the file). Continue starts the village with the rest of the file; a misspelt key is worth fixing first.</source>
        <translation>これらは無視されます（設定画面で保存してもそのまま残ります）。「続行」を押すと残りの設定で村を開始します。綴りの誤りなら先に直すことをおすすめします。</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="143" />
        <source>{file} was not found</source>
        <translation>{file} が見つかりません</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="145" />
        <source>There is no configuration file at this path. Check the path given with --config, or start the demo village.</source>
        <translation>このパスに設定ファイルがありません。--config で指定したパスを確認するか、デモ村を開始してください。</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="150" />
        <source>File: {path}</source>
        <translation>ファイル: {path}</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="152" />
        <source>Open the file</source>
        <translation>ファイルを開く</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="153" />
        <source>Open its folder</source>
        <translation>フォルダーを開く</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="154" />
        <source>Try again</source>
        <translation>再試行</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="155" />
        <source>Start the demo village</source>
        <translation>デモ村を開始</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="156" />
        <source>Quit</source>
        <translation>終了</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="157" />
        <source>Continue</source>
        <translation>続行</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="158" />
        <source>Problems</source>
        <translation>問題</translation>
    </message>
    <message>
        <location filename="../app/widgets/startup_dialog.py" line="164" />
        <source>Line {line}, column {column}:</source>
        <translation>{line} 行 {column} 列:</translation>
    </message>
</context>
<context>
    <name>StoragePage</name>
    <message>
        <location filename="../app/settings/storage_page.py" line="105" />
        <source>Cleaning up…</source>
        <translation>整理中…</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="118" />
        <source>The clean-up failed: {error}</source>
        <translation>整理に失敗しました: {error}</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="126" />
        <source>Storage</source>
        <translation>ストレージ</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="130" />
        <source>Database</source>
        <translation>データベース</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="131" />
        <source>Images and texts</source>
        <translation>画像とテキスト</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="132" />
        <source>Spilled tool results</source>
        <translation>退避したツール結果</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="133" />
        <source>Media cache copies</source>
        <translation>メディアキャッシュの複製</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="134" />
        <source>Total</source>
        <translation>合計</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="144" />
        <source>{size} MB</source>
        <translation>{size} MB</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="145" />
        <source>Keep conversations (days)</source>
        <translation>会話の保存期間（日）</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="146" />
        <source>For ever</source>
        <translation>無期限</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="149" />
        <source>Older conversations are deleted with their images at start-up and by Clean up now, except each agent's current one. Saved with the settings.</source>
        <translation>これより古い会話は、起動時と「今すぐ整理」で画像ごと削除されます（各エージェントの現在の会話は除く）。設定と一緒に保存されます。</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="153" />
        <source>Clean up now</source>
        <translation>今すぐ整理</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="155" />
        <source>The app runs without history: nothing is stored.</source>
        <translation>履歴なしで動作しています。何も保存されません。</translation>
    </message>
    <message>
        <location filename="../app/settings/storage_page.py" line="158" />
        <source>Freed {size} MB: {files} files, {conversations} conversations.</source>
        <translation>{size} MB を解放しました: ファイル {files} 件、会話 {conversations} 件。</translation>
    </message>
</context>
<context>
    <name>StoreNotice</name>
    <message>
        <location filename="../app/widgets/store_notice.py" line="83" />
        <source>Your conversation history could not be opened: the file was damaged and was set aside as {file}. New conversations are saved in a fresh store; the damaged file and the saved results stay in the data folder (keep them for a recovery or a bug report).</source>
        <translation>会話の履歴を開けませんでした: ファイルが壊れていたため {file} として退避しました。新しい会話は新しい保存先に保存されます。壊れたファイルと保存済みの結果はデータフォルダーに残っています（復旧や不具合の報告のために保管してください）。</translation>
    </message>
    <message>
        <location filename="../app/widgets/store_notice.py" line="89" />
        <source>Your conversation history was not found: {file} is missing from the data folder, though results of earlier conversations are still there. Past conversations are not shown and new ones start a fresh store. If you moved or restored the data folder, quit the app and put {file} back.</source>
        <translation>会話の履歴が見つかりません: データフォルダーに {file} がありませんが、以前の会話の結果は残っています。過去の会話は表示されず、新しい会話は新しい保存先に保存されます。データフォルダーを移動または復元した場合は、アプリを終了して {file} を元に戻してください。</translation>
    </message>
    <message>
        <location filename="../app/widgets/store_notice.py" line="96" />
        <source>Running without history: the data folder {folder} could not be used ({detail}). Nothing from this session is saved and past conversations are not shown. Make sure the folder exists and is writable, then restart the app.</source>
        <translation>履歴なしで動作しています: データフォルダー {folder} を使えませんでした（{detail}）。このセッションの内容は保存されず、過去の会話も表示されません。フォルダーが存在し書き込めることを確認してから、アプリを再起動してください。</translation>
    </message>
    <message>
        <location filename="../app/widgets/store_notice.py" line="101" />
        <source>Saving failed ({detail}): this turn is not saved and will be missing from your history after a restart; the chat goes on. Free disk space or check that the data folder is writable.</source>
        <translation>保存に失敗しました（{detail}）: このターンは保存されておらず、再起動後の履歴にはありません。チャットはそのまま続けられます。ディスクの空きを作るか、データフォルダーに書き込めるか確認してください。</translation>
    </message>
    <message>
        <location filename="../app/widgets/store_notice.py" line="120" />
        <source>Open data folder</source>
        <translation>データフォルダーを開く</translation>
    </message>
    <message>
        <location filename="../app/widgets/store_notice.py" line="121" />
        <source>Dismiss</source>
        <translation>閉じる</translation>
    </message>
</context>
<context>
    <name>TemplatesPage</name>
    <message>
        <location filename="../app/settings/templates_page.py" line="154" />
        <source>Templates</source>
        <translation>テンプレート</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="155" />
        <source>Add</source>
        <translation>追加</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="156" />
        <source>Add from preset</source>
        <translation>プリセットから追加</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="157" />
        <source>Duplicate</source>
        <translation>複製</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="158" />
        <source>Delete</source>
        <translation>削除</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="162" />
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="163" />
        <source>Protocol</source>
        <translation>プロトコル</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="164" />
        <source>Base URL</source>
        <translation>ベース URL</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="165" />
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="166" />
        <source>Tools</source>
        <translation>ツール</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="167" />
        <source>Images</source>
        <translation>画像</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="168" />
        <source>Keyring entry</source>
        <translation>キーリングの項目名</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="169" />
        <source>Timeout</source>
        <translation>タイムアウト</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="170" />
        <source>Retries</source>
        <translation>再試行</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="171" />
        <source>Streaming</source>
        <translation>ストリーミング</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="176" />
        <source>Send tools to the model</source>
        <translation>モデルにツールを渡す</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="177" />
        <source>The model reads images</source>
        <translation>モデルは画像を読める</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="178" />
        <source>empty: this endpoint needs no key</source>
        <translation>空欄: このエンドポイントはキー不要</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="179" />
        <source>s</source>
        <translation>秒</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="180" />
        <source>How long one request may take</source>
        <translation>1 回の要求にかけてよい時間</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="181" />
        <source>How often a failed request is tried (the first try included)</source>
        <translation>失敗した要求を試す回数（最初の 1 回を含む）</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="182" />
        <source>Show the answer while it is written</source>
        <translation>書かれている途中の応答を表示する</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="281" />
        <source>for example {model}</source>
        <translation>例: {model}</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="295" />
        <location filename="../app/settings/templates_page.py" line="300" />
        <source>New template</source>
        <translation>新しいテンプレート</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="309" />
        <source>copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <location filename="../app/settings/templates_page.py" line="322" />
        <source>used by {agents}; choose another template for them first</source>
        <translation>{agents} が使用中です。先に別のテンプレートを選んでください</translation>
    </message>
</context>
<context>
    <name>TimelinePane</name>
    <message>
        <location filename="../app/timeline_pane.py" line="78" />
        <source>Chat</source>
        <translation>チャット</translation>
    </message>
    <message>
        <location filename="../app/timeline_pane.py" line="81" />
        <source>Timeline ({count})</source>
        <translation>タイムライン（{count}）</translation>
    </message>
    <message>
        <location filename="../app/timeline_pane.py" line="83" />
        <source>Timeline</source>
        <translation>タイムライン</translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <location filename="../app/widgets/timeline.py" line="156" />
        <source>Today</source>
        <translation>今日</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="158" />
        <source>Yesterday</source>
        <translation>昨日</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="162" />
        <source>Deleted watch</source>
        <translation>削除された見守り</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="170" />
        <source>{when} · importance {importance} · {watch}</source>
        <translation>{when} · 重要度 {importance} · {watch}</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="181" />
        <source>Any importance</source>
        <translation>すべての重要度</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="182" />
        <source>Importance {n} or more</source>
        <translation>重要度 {n} 以上</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="183" />
        <source>Importance 5 only</source>
        <translation>重要度 5 のみ</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="187" />
        <source>Watch</source>
        <translation>見守り</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="188" />
        <source>Importance</source>
        <translation>重要度</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="189" />
        <source>Day</source>
        <translation>日付</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="190" />
        <source>Camera events</source>
        <translation>カメラのイベント</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="191" />
        <source>Show picture</source>
        <translation>画像を表示</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="192" />
        <source>Open conversation</source>
        <translation>会話を開く</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="193" />
        <source>Show the picture full size</source>
        <translation>画像を原寸で表示</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="222" />
        <source>Events: {count}</source>
        <translation>イベント: {count}</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="228" />
        <source>No events match these filters.</source>
        <translation>この条件に合うイベントはありません。</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="230" />
        <source>No camera events yet. When a watch reports one, it appears here.</source>
        <translation>カメラのイベントはまだありません。見守りが報告すると、ここに表示されます。</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="257" />
        <source>All watches</source>
        <translation>すべての見守り</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="263" />
        <source>All days</source>
        <translation>すべての日</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="374" />
        <location filename="../app/widgets/timeline.py" line="385" />
        <location filename="../app/widgets/timeline.py" line="438" />
        <source>No picture</source>
        <translation>画像なし</translation>
    </message>
    <message>
        <location filename="../app/widgets/timeline.py" line="397" />
        <source>(no summary)</source>
        <translation>（概要なし）</translation>
    </message>
</context>
<context>
    <name>ToolPanel</name>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="277" />
        <source>Show earlier ({count})</source>
        <translation>以前の項目を表示（{count}）</translation>
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
        <translation>実行中…</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="205" />
        <source>ok</source>
        <translation>成功</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="206" />
        <source>error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="207" />
        <source>interrupted</source>
        <translation>中断</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="208" />
        <source>not executed</source>
        <translation>未実行</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="209" />
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="213" />
        <source>Input</source>
        <translation>入力</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="214" />
        <source>Output</source>
        <translation>出力</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="215" />
        <source>Shown to you only (not sent to the model)</source>
        <translation>あなたにだけ表示（モデルには送られていません）</translation>
    </message>
    <message>
        <location filename="../app/widgets/toolpanel.py" line="230" />
        <source>Show or hide the exact input and output</source>
        <translation>入力と出力をそのまま表示／非表示</translation>
    </message>
</context>
<context>
    <name>WatchDialog</name>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="231" />
        <source>New watch for {agent}</source>
        <translation>{agent} の新しい見守り</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="232" />
        <source>Start watching</source>
        <translation>見守りを始める</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="234" />
        <source>Edit watch of {agent}</source>
        <translation>{agent} の見守りを編集</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="235" />
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="236" />
        <source>Tell me when a bird is at the feeder</source>
        <translation>餌台に鳥が来たら教えて</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="237" />
        <source>(the instruction's start)</source>
        <translation>（指示の書き出し）</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="239" />
        <source>Watch for</source>
        <translation>見守る内容</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="240" />
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="241" />
        <source>Camera tool</source>
        <translation>カメラのツール</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="242" />
        <source>Look</source>
        <translation>見る頻度</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="243" />
        <source>Model calls per hour</source>
        <translation>1時間のモデル呼び出し上限</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="244" />
        <source>Tokens per day</source>
        <translation>1日のトークン上限</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="245" />
        <source>Notify from importance</source>
        <translation>通知する重要度</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="246" />
        <source>Quiet after a notification (min)</source>
        <translation>通知後の静かな時間（分）</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="247" />
        <source>End</source>
        <translation>終了</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="248" />
        <source>Keep events (days, 0: always)</source>
        <translation>出来事の保存日数（0: 無期限）</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="249" />
        <source>Keep pictures up to (MB, 0: no cap)</source>
        <translation>画像の保存上限（MB、0: 上限なし）</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="253" />
        <source>Sensitivity</source>
        <translation>感度</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="255" />
        <source>1 (every event)</source>
        <translation>1（すべての出来事）</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="259" />
        <source>5 (only the most important)</source>
        <translation>5（最も重要なものだけ）</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="260" />
        <source>never</source>
        <translation>通知しない</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="264" />
        <source>Stop watching at</source>
        <translation>見守りを終える日時</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="265" />
        <source>Show the model its previous picture too</source>
        <translation>前回の画像もモデルに見せる</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="266" />
        <source>Take a picture</source>
        <translation>画像を撮る</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="267" />
        <source>Whole picture</source>
        <translation>画像全体</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="275" />
        <source>{value}: any moved pixel of the region sends the frame to the model.</source>
        <translation>{value}: 範囲内の画素が少しでも動けば、そのフレームをモデルに送ります。</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="277" />
        <source>{value}: only a change of the whole region sends the frame to the model.</source>
        <translation>{value}: 範囲全体が変わったときだけ、フレームをモデルに送ります。</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="280" />
        <source>{value}: a frame goes to the model when about {share} % of the region changed (change score {threshold} or more).</source>
        <translation>{value}: 範囲の約 {share} % が変わるとフレームをモデルに送ります（変化スコア {threshold} 以上）。</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="291" />
        <source>Region: the whole picture. Drag on the picture to choose a part.</source>
        <translation>範囲: 画像全体。画像の上をドラッグすると一部を選べます。</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="295" />
        <source>Region: {w} % × {h} % of the picture, from {x} % left, {y} % top.</source>
        <translation>範囲: 画像の {w} % × {h} %、左から {x} %、上から {y} % の位置。</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="322" />
        <source>The camera tool returned no picture.</source>
        <translation>カメラのツールは画像を返しませんでした。</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="329" />
        <source>No picture from the camera: {reason}</source>
        <translation>カメラから画像を取れません: {reason}</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="362" />
        <source>Write what to watch for.</source>
        <translation>何を見守るか書いてください。</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="364" />
        <source>Choose the camera tool.</source>
        <translation>カメラのツールを選んでください。</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="366" />
        <source>Write the times of day as 07:30, 18:00.</source>
        <translation>時刻は 07:30, 18:00 のように書いてください。</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="368" />
        <source>Choose an interval of at least {least} seconds.</source>
        <translation>間隔は {least} 秒以上にしてください。</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="369" />
        <source>This watch cannot run: {detail}</source>
        <translation>この見守りは動かせません: {detail}</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_dialog.py" line="396" />
        <source>The watch was not saved: {error}</source>
        <translation>見守りは保存されませんでした: {error}</translation>
    </message>
</context>
<context>
    <name>WatchPanel</name>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="309" />
        <source>Watches</source>
        <translation>見守り</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="310" />
        <source>Watch…</source>
        <translation>見守る…</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="311" />
        <source>New watch</source>
        <translation>新しい見守り</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="312" />
        <source>No watches. Press Watch… to have this agent watch its camera.</source>
        <translation>見守りはありません。「見守る…」を押すと、このエージェントがカメラを見守ります。</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="390" />
        <source>Delete watch</source>
        <translation>見守りを削除</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="393" />
        <source>Delete the watch “{watch}”?</source>
        <translation>見守り「{watch}」を削除しますか？</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="396" />
        <source>Its timeline holds {count} events. Keep them, or delete them with their pictures?</source>
        <translation>タイムラインには出来事が {count} 件あります。残しますか、それとも画像ごと削除しますか？</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="399" />
        <source>Delete, keep the timeline</source>
        <translation>削除してタイムラインは残す</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="400" />
        <source>Delete with its timeline</source>
        <translation>タイムラインごと削除</translation>
    </message>
</context>
<context>
    <name>WatchRow</name>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="150" />
        <source>at {times}</source>
        <translation>{times} に</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="152" />
        <source>continuously, a frame every {seconds} s</source>
        <translation>連続、{seconds} 秒ごとに1フレーム</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="154" />
        <source>every {minutes} min</source>
        <translation>{minutes} 分ごと</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="155" />
        <source>every {seconds} s</source>
        <translation>{seconds} 秒ごと</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="160" />
        <source>Watching</source>
        <translation>見守り中</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="163" />
        <location filename="../app/widgets/watch_panel.py" line="173" />
        <source>Ended at its stop time</source>
        <translation>終了時刻に終わりました</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="164" />
        <source>Stopped</source>
        <translation>停止中</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="167" />
        <source>Paused: the {limit} calls of this hour are spent</source>
        <translation>一時停止: この1時間の呼び出し {limit} 回を使い切りました</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="169" />
        <source>Paused: today's {limit} tokens are spent</source>
        <translation>一時停止: 今日のトークン {limit} を使い切りました</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="175" />
        <source>Paused: this agent's model cannot read images and no vision relay is set</source>
        <translation>一時停止: このエージェントのモデルは画像を読めず、視覚の中継も設定されていません</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="177" />
        <source>Paused: the camera tool {tool} is gone</source>
        <translation>一時停止: カメラのツール {tool} がなくなりました</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="179" />
        <source>Paused: the history could not be written</source>
        <translation>一時停止: 履歴を書き込めませんでした</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="181" />
        <source>Paused after an error</source>
        <translation>エラーのため一時停止</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="183" />
        <source>Ready: not started yet</source>
        <translation>準備済み: まだ始めていません</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="184" />
        <source>Paused</source>
        <translation>一時停止中</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="189" />
        <source>kept {days} days</source>
        <translation>{days} 日間保存</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="189" />
        <source>kept until deleted</source>
        <translation>削除するまで保存</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="190" />
        <source>timeline: {count} events, {size} MB, {kept}</source>
        <translation>タイムライン: 出来事 {count} 件、{size} MB、{kept}</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="197" />
        <source>vision calls {calls} / {calls_limit} this hour, {tokens} / {tokens_limit} tokens today</source>
        <translation>ビジョン呼び出し {calls} / {calls_limit}（この1時間）、トークン {tokens} / {tokens_limit}（今日）</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="207" />
        <source>change score: no frame yet</source>
        <translation>変化スコア: まだフレームがありません</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="210" />
        <source>change score {score} (threshold {threshold}): sent to the model</source>
        <translation>変化スコア {score}（しきい値 {threshold}）：モデルに送信</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="212" />
        <source>change score {score} (threshold {threshold}): not sent</source>
        <translation>変化スコア {score}（しきい値 {threshold}）：送信せず</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="233" />
        <source>Pause</source>
        <translation>一時停止</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="233" />
        <source>Resume</source>
        <translation>再開</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="233" />
        <source>Start</source>
        <translation>開始</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="236" />
        <source>Pause {watch}</source>
        <translation>{watch} を一時停止</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="236" />
        <source>Resume {watch}</source>
        <translation>{watch} を再開</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="238" />
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="240" />
        <source>Edit</source>
        <translation>編集</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_panel.py" line="241" />
        <source>Delete</source>
        <translation>削除</translation>
    </message>
</context>
<context>
    <name>WatchToast</name>
    <message>
        <location filename="../app/widgets/watch_toast.py" line="125" />
        <source>Camera event · importance {importance}</source>
        <translation>カメラのイベント · 重要度 {importance}</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_toast.py" line="126" />
        <source>Open</source>
        <translation>開く</translation>
    </message>
    <message>
        <location filename="../app/widgets/watch_toast.py" line="127" />
        <location filename="../app/widgets/watch_toast.py" line="128" />
        <source>Dismiss</source>
        <translation>閉じる</translation>
    </message>
</context>
<context>
    <name>WebCompanionBox</name>
    <message>
        <location filename="../app/settings/web_box.py" line="92" />
        <source>Web companion</source>
        <translation>Web コンパニオン</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="93" />
        <source>Serve this village to a web browser on this computer</source>
        <translation>このコンピューターの Web ブラウザーにこの村を公開する</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="94" />
        <source>Also on the local network (a phone in the same network)</source>
        <translation>ローカルネットワークにも公開する（同じネットワークのスマートフォン）</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="95" />
        <source>Copy sign-in link</source>
        <translation>サインインリンクをコピー</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="96" />
        <source>New token</source>
        <translation>新しいトークン</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="117" />
        <source>Scan it with the phone's camera. It carries the token: show it only to your own devices.</source>
        <translation>スマートフォンのカメラで読み取ってください。トークンを含むので、自分の端末にだけ見せてください。</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="101" />
        <source>Off</source>
        <translation>オフ</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="106" />
        <source>Hide QR code</source>
        <translation>QR コードを隠す</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="106" />
        <source>Show QR code</source>
        <translation>QR コードを表示</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="120" />
        <source>This link opens on this computer only (127.0.0.1): for a phone, tick “Also on the local network” first. It carries the token: show it only to your own devices.</source>
        <translation>このリンクはこのコンピューターでしか開けません（127.0.0.1）。スマートフォンで読み取るには、先に「ローカルネットワークにも公開する」に印を付けてください。トークンを含むので、自分の端末にだけ見せてください。</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="142" />
        <source>The web companion could not start: {error}</source>
        <translation>Web コンパニオンを開始できませんでした: {error}</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="149" />
        <source>Sign-in link copied. It carries the token: open it only on your own devices.</source>
        <translation>サインインリンクをコピーしました。トークンを含むので、自分の端末でだけ開いてください。</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="158" />
        <source>No new token: {error}</source>
        <translation>新しいトークンを作れませんでした: {error}</translation>
    </message>
    <message>
        <location filename="../app/settings/web_box.py" line="160" />
        <source>New token made: every signed-in page must sign in again.</source>
        <translation>新しいトークンを作りました。サインイン中のページはすべてサインインし直す必要があります。</translation>
    </message>
</context>
</TS>