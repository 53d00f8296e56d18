// The page's one way to talk to Perfcast: JSON-RPC messages through the single function the editor
// exposes (window.perfcastRpc, an SWT BrowserFunction); the editor answers by calling window.perfcastReceive.
// Tests outside Eclipse connect the same client to the same Java server through a websocket instead.
import { AbstractMessageReader, AbstractMessageWriter, DataCallback, Message, MessageConnection, createMessageConnection } from 'vscode-jsonrpc/browser';

interface BridgeWindow extends Window {
  perfcastRpc?: (json: string) => unknown;
  perfcastReceive?: (message: Message) => void;
}
const bridgeWindow = window as BridgeWindow;

class BridgeReader extends AbstractMessageReader {
  listen(callback: DataCallback) {
    bridgeWindow.perfcastReceive = (message: Message) => callback(message);
    return { dispose: () => { delete bridgeWindow.perfcastReceive; } };
  }
}

class BridgeWriter extends AbstractMessageWriter {
  async write(message: Message) {
    bridgeWindow.perfcastRpc!(JSON.stringify(message));
  }
  end() { }
}

/** Sends a line to the editor's log (a JSON-RPC notification that the editor handles itself). */
export function log(text: string) {
  if (typeof bridgeWindow.perfcastRpc === 'function') {
    bridgeWindow.perfcastRpc(JSON.stringify({ jsonrpc: '2.0', method: 'perfcast/log', params: [text] }));
  } else {
    console.log(text);
  }
}

/** Tells the editor something (a JSON-RPC notification it handles itself, e.g. the selection); nothing in tests. */
export function notify(method: string, params: unknown) {
  if (typeof bridgeWindow.perfcastRpc === 'function') {
    bridgeWindow.perfcastRpc(JSON.stringify({ jsonrpc: '2.0', method, params }));
  } else {
    (window as any).perfcastNotes = [...((window as any).perfcastNotes ?? []), { method, params }];
  }
}

/** Waits for the editor's bridge function, which SWT injects only once the page has loaded. */
export async function bridgeConnection(): Promise<MessageConnection> {
  while (typeof bridgeWindow.perfcastRpc !== 'function') {
    await new Promise(resolve => setTimeout(resolve, 20));
  }
  return createMessageConnection(new BridgeReader(), new BridgeWriter());
}
