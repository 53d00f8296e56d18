// The diagram page in headless Chromium, connected to the real Java GLSP server over the test websocket.
// Usage: node diagram.mjs PAGE-URL SCREENSHOT; prints what it did and exits 1 on the first failure.
import { chromium } from 'playwright-core';

const [url, screenshot] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--no-first-run'],
});
const fail = message => { console.error('FAIL: ' + message); process.exitCode = 1; };
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  page.on('console', m => { if (m.type() === 'error' || m.type() === 'warning') console.log('[page]', m.text()); });
  page.on('response', r => { if (r.status() >= 400 && !r.url().endsWith('favicon.ico')) console.log('[page] HTTP', r.status(), r.url()); });
  page.on('pageerror', e => console.log('[page error]', e.message));
  if (process.env.PERFCAST_DEBUG) {
    page.on('websocket', ws => {
      console.log('[ws] open', ws.url());
      ws.on('framesent', f => console.log('[ws] ->', String(f.payload).slice(0, 200)));
      ws.on('framereceived', f => console.log('[ws] <-', String(f.payload).slice(0, 200)));
      ws.on('close', () => console.log('[ws] closed'));
      ws.on('socketerror', e => console.log('[ws] error', e));
    });
  }
  await page.goto(url);
  await page.waitForFunction(() => window.perfcast && window.perfcast.ready(), null, { timeout: 30000 });
  const summary = async () => JSON.parse(await page.evaluate(() => window.perfcast.summary()));
  const count = async type => (await summary()).filter(e => e.type === type).length;
  const centre = async (kind, key) => JSON.parse(await page.evaluate(([k, v]) => window.perfcast.centre(k, v), [kind, key]));
  const waitFor = async (what, test) => {
    for (let i = 0; i < 100; i++) {
      if (await test()) return true;
      await page.waitForTimeout(50);
    }
    fail(what);
    return false;
  };
  const tasks = await count('node:task');
  const messages = await count('edge:message');
  console.log(`rendered: ${(await summary()).length} elements, ${tasks} tasks, ${messages} messages; `
    + (await summary()).filter(e => e.type !== 'edge:message').map(e => `${e.id} ${e.x},${e.y} ${e.width}x${e.height} label ${e.labelSize}`).join("; "));

  // the predictions the test put on the diagram: the critical path, markers and tooltips
  const critical = (await summary()).filter(e => e.classes.includes('critical'));
  if (critical.length === 0) fail('nothing drawn on the critical path');
  else console.log(`critical path: ${critical.map(e => e.id).join(' ')}`);
  if (await waitFor('markers shown', async () => JSON.parse(await page.evaluate(() => window.perfcast.markers())).length > 0)) {
    console.log(`markers: ${await page.evaluate(() => window.perfcast.markers())}`);
  }
  const banner = await page.evaluate(() => window.perfcast.banner());
  if (!banner.includes('T = ')) fail(`no prediction in the banner: '${banner}'`); else console.log(`banner: ${banner.replace(/\n/g, ' | ')}`);
  const onPath = critical.find(e => e.type === 'node:process');
  const spot = await centre('element', onPath.id);
  await page.mouse.move(spot.x - 3, spot.y);
  await page.mouse.move(spot.x, spot.y);
  const tooltip = async () => page.evaluate(() => Array.from(document.querySelectorAll('.sprotty-popup'))
    .map(e => e.textContent).join(' '));
  if (await waitFor('a tooltip with the predicted time', async () => (await tooltip()).includes('critical path'))) {
    console.log(`tooltip: ${await tooltip()}`);
  }
  // a click selects the process, and the page tells the editor (the Properties view shows it)
  await page.mouse.click(spot.x, spot.y);
  if (await waitFor('the selection told to the editor', async () => page.evaluate(id => (window.perfcastNotes ?? [])
      .some(n => n.method === 'perfcast/select' && n.params.includes(id)), onPath.id))) {
    console.log(`selected ${onPath.id}`);
  }
  await page.mouse.click(1100, 750);

  // palette "Task", then a click on empty canvas
  const taskTool = await centre('palette', 'Task');
  if (!taskTool) throw new Error('no Task in the palette');
  await page.mouse.click(taskTool.x, taskTool.y);
  await page.mouse.click(1000, 700);
  if (await waitFor('a task created with the palette', async () => await count('node:task') === tasks + 1)) {
    console.log('created a task');
  }

  // palette "Message", then the two processes of the second step
  const processes = (await summary()).filter(e => e.type === 'node:process');
  const step = processes[processes.length - 1].parent;
  const inStep = processes.filter(p => p.parent === step || (p.parent ?? '').startsWith(step.replace(/-body$/, '')));
  const messageTool = await centre('palette', 'Message');
  if (!messageTool) throw new Error('no Message in the palette');
  await page.mouse.click(messageTool.x, messageTool.y);
  const from = await centre('element', inStep[0].id);
  const to = await centre('element', inStep[1].id);
  await page.mouse.click(from.x, from.y);
  await page.mouse.click(to.x, to.y);
  await page.keyboard.press('Escape');
  if (await waitFor('a message drawn with the palette', async () => await count('edge:message') === messages + 1)) {
    console.log(`drew a message from ${inStep[0].id} to ${inStep[1].id}`);
  }

  await page.evaluate(() => window.perfcast.undo());
  if (await waitFor('undo', async () => await count('edge:message') === messages)) console.log('undone');
  await page.evaluate(() => window.perfcast.redo());
  if (await waitFor('redo', async () => await count('edge:message') === messages + 1)) console.log('redone');

  const before = JSON.stringify((await summary()).filter(e => e.type === 'node:task').map(e => [e.x, e.y]));
  await page.evaluate(() => window.perfcast.layout());
  if (await waitFor('layout', async () => JSON.stringify((await summary()).filter(e => e.type === 'node:task')
      .map(e => [e.x, e.y])) !== before)) console.log('laid out');
  // laid out at the sizes the page measured: no two steps overlap
  await page.waitForTimeout(300);
  const steps = (await summary()).filter(e => e.type === 'node:step');
  for (const a of steps) {
    for (const b of steps) {
      if (a.id < b.id && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) {
        fail(`steps ${a.id} and ${b.id} overlap after layout: ${JSON.stringify([a, b])}`);
      }
    }
  }
  console.log(`steps after layout: ${steps.map(e => `${e.id} ${e.x},${e.y} ${e.width}x${e.height}`).join('; ')}`);
  await page.evaluate(() => window.perfcast.fit());
  await page.waitForTimeout(300);
  if (screenshot) await page.screenshot({ path: screenshot });
} catch (e) {
  fail(e.stack ?? String(e));
} finally {
  await browser.close();
}

console.log(process.exitCode ? 'FAIL' : 'PASS');
