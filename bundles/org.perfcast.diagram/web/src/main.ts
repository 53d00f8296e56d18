// Perfcast's diagram client: the GLSP client configured for program and machine diagrams.
import 'reflect-metadata';
import { Container, injectable } from 'inversify';
import {
  BaseJsonrpcGLSPClient, CenterAction, GCompartment, GCompartmentView, ConsoleLogger, DiagramLoader, EditorContextService, FeatureModule, GEdge,
  GEdgeView, GLabel, GLabelView, GLSPActionDispatcher, GLSPWebSocketProvider, GNode, LayoutOperation, LogLevel, Point, RectangularNodeView,
  RedoAction, RenderingContext, RoundedCornerNodeView, SelectionService, SetViewportAction, STANDALONE_MODULE_CONFIG, SelectAction, TYPES, UndoAction,
  popupFeature,
  angleOfPoint, bindOrRebind, configureDefaultModelElements, configureModelElement, createDiagramOptionsModule, editLabelFeature,
  initializeDiagramContainer, svg, toDegrees
} from '@eclipse-glsp/client';
import { MessageConnection } from 'vscode-jsonrpc/browser';
import 'sprotty/css/sprotty.css';
import '@eclipse-glsp/client/css/glsp-sprotty.css';
import './diagram.css';
import { bridgeConnection, log, notify } from './transport';

/** An edge with an arrow head at its target (messages, task dependencies). */
@injectable()
class ArrowEdgeView extends GEdgeView {
  protected override renderAdditionals(edge: GEdge, segments: Point[], context: RenderingContext): any[] {
    const additionals = super.renderAdditionals(edge, segments, context);
    const from = segments[segments.length - 2];
    const to = segments[segments.length - 1];
    const angle = toDegrees(angleOfPoint(Point.subtract(from, to)));
    additionals.push(svg('path', {
      class: { 'sprotty-edge': true, arrow: true },
      attrs: { d: 'M 1,0 L 10,-4 L 10,4 Z', transform: `rotate(${angle} ${to.x} ${to.y}) translate(${to.x} ${to.y})` }
    }));
    return additionals;
  }
}

const perfcastModule = new FeatureModule((bind, unbind, isBound, rebind) => {
  const context = { bind, unbind, isBound, rebind };
  configureDefaultModelElements(context);
  configureModelElement(context, 'label:name', GLabel, GLabelView, { enable: [editLabelFeature] });
  configureModelElement(context, 'comp:comp', GCompartment, GCompartmentView);
  configureModelElement(context, 'node:process', GNode, RoundedCornerNodeView);
  configureModelElement(context, 'node:task', GNode, RoundedCornerNodeView);
  configureModelElement(context, 'node:step', GNode, RectangularNodeView);
  configureModelElement(context, 'node:processor', GNode, RectangularNodeView);
  configureModelElement(context, 'edge:message', GEdge, ArrowEdgeView, { enable: [popupFeature] });
  configureModelElement(context, 'edge:dependency', GEdge, ArrowEdgeView);
  configureModelElement(context, 'edge:link', GEdge, GEdgeView, { enable: [popupFeature] });
}, { featureId: Symbol('perfcast') });

const DIAGRAM_ID = 'perfcast-diagram';
/** Whether the first model has been drawn and, if larger than the view, fitted to it. */
let settled = false;
const parameters = new URLSearchParams(location.search);
const diagramType = parameters.get('type') ?? 'perfcast-program';
const sourceUri = parameters.get('uri') ?? '';
const websocket = parameters.get('ws');

window.addEventListener('error', e => log(`diagram page error: ${e.message} at ${e.filename}:${e.lineno}`));
window.addEventListener('unhandledrejection', e => log(`diagram page error: ${e.reason?.stack ?? e.reason}`));

async function connect(): Promise<MessageConnection> {
  if (!websocket) {
    return bridgeConnection();
  }
  return new Promise(resolve => new GLSPWebSocketProvider(websocket).listen({
    onConnection: connection => resolve(connection), onReconnect: () => { }, logger: console
  }));
}

async function start() {
  const connection = await connect();
  const client = new BaseJsonrpcGLSPClient({ id: 'perfcast', connectionProvider: connection });
  const container = initializeDiagramContainer(new Container(),
    createDiagramOptionsModule({ clientId: DIAGRAM_ID, diagramType, sourceUri, glspClientProvider: async () => client }),
    perfcastModule, STANDALONE_MODULE_CONFIG);
  bindOrRebind(container, TYPES.ILogger).to(ConsoleLogger).inSingletonScope();
  bindOrRebind(container, TYPES.LogLevel).toConstantValue(LogLevel.warn);
  await container.get(DiagramLoader).load();
  const dispatcher = container.get(GLSPActionDispatcher);
  const editorContext = container.get(EditorContextService);
  // the prediction for the whole diagram and the file's own markers, in a banner over the diagram
  const banner = document.getElementById('perfcast-banner')!;
  const showBanner = (root: any) => {
    const lines: string[] = String(root?.args?.banner ?? '').split('\n').filter((l: string) => l.length > 0);
    banner.replaceChildren(...lines.map(line => {
      const div = document.createElement('div');
      const colon = line.indexOf(':');
      div.className = `banner-${line.substring(0, colon)}`;
      div.textContent = line.substring(colon + 1);
      return div;
    }));
    banner.hidden = lines.length === 0;
  };
  editorContext.onModelRootChanged(showBanner);
  showBanner(editorContext.modelRoot);
  // a diagram larger than the view opens zoomed out to show all of it (never zoomed in)
  let fitted = false;
  const fitIfLarger = (root: any, tries = 100) => {
    // the page starts with an empty model of type NONE until the server's arrives
    if (fitted || !root || root.type === 'NONE') {
      return;
    }
    setTimeout(() => {
      if (fitted) {
        return;
      }
      const svg = document.querySelector(`#${DIAGRAM_ID} svg.sprotty-graph`) as SVGSVGElement | null;
      const drawn = drawnExtent(editorContext.modelRoot);
      if ((!svg || drawn.width <= 0) && root.children?.length > 0 && tries > 0) {
        fitIfLarger(root, tries - 1); // not drawn yet
        return;
      }
      fitted = true;
      if (svg && (drawn.width > svg.clientWidth || drawn.height > svg.clientHeight)) {
        dispatcher.dispatch(SetViewportAction.create(editorContext.modelRoot.id, viewportShowing(editorContext.modelRoot, svg, 1),
          { animate: false })).then(() => requestAnimationFrame(() => settled = true));
      } else {
        settled = true;
      }
    }, 50);
  };
  editorContext.onModelRootChanged(fitIfLarger);
  fitIfLarger(editorContext.modelRoot);
  // the editor shows the selected elements in the Properties view
  container.get(SelectionService).onSelectionChanged(change => notify('perfcast/select', change.selectedElements));
  (window as any).perfcast = new DiagramApi(dispatcher, editorContext);
}

/** The box the diagram's shapes take (in diagram coordinates, before zoom), once the page has sized them. */
function drawnExtent(root: any): { x: number, y: number, width: number, height: number } {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const child of root?.children ?? []) {
    if (child.position && child.size && child.size.width > 0) {
      left = Math.min(left, child.position.x);
      top = Math.min(top, child.position.y);
      right = Math.max(right, child.position.x + child.size.width);
      bottom = Math.max(bottom, child.position.y + child.size.height);
    }
  }
  return right < left ? { x: 0, y: 0, width: 0, height: 0 } : { x: left, y: top, width: right - left, height: bottom - top };
}

/** The viewport that shows the whole diagram centred in {@code svg}, with a margin, zoomed in at most to {@code maxZoom}. */
function viewportShowing(root: any, svg: SVGSVGElement, maxZoom: number) {
  const drawn = drawnExtent(root);
  const margin = 20;
  const zoom = Math.max(0.01, Math.min(maxZoom, (svg.clientWidth - 2 * margin) / Math.max(1, drawn.width),
    (svg.clientHeight - 2 * margin) / Math.max(1, drawn.height)));
  return {
    zoom,
    scroll: { x: drawn.x + drawn.width / 2 - svg.clientWidth / zoom / 2, y: drawn.y + drawn.height / 2 - svg.clientHeight / zoom / 2 }
  };
}

/** What the editor (through Browser.evaluate) and the tests may ask of the page. */
class DiagramApi {
  constructor(private dispatcher: GLSPActionDispatcher, private context: EditorContextService) { }

  /** Whether the diagram has been rendered (and fitted to the view if larger). */
  ready() {
    return settled && document.querySelector(`#${DIAGRAM_ID} svg.sprotty-graph`) !== null;
  }
  fit() {
    const svg = document.querySelector(`#${DIAGRAM_ID} svg.sprotty-graph`) as SVGSVGElement | null;
    if (svg) {
      this.dispatcher.dispatch(SetViewportAction.create(this.context.modelRoot.id, viewportShowing(this.context.modelRoot, svg, 1.5),
        { animate: false }));
    }
  }
  center() { this.dispatcher.dispatch(CenterAction.create([])); }
  zoom(factor: number) {
    const root = this.context.modelRoot as any;
    const zoom = Math.max(0.05, Math.min(8, (root.zoom ?? 1) * factor));
    this.dispatcher.dispatch(SetViewportAction.create(root.id, { scroll: root.scroll ?? { x: 0, y: 0 }, zoom }, { animate: false }));
  }
  layout() { this.dispatcher.dispatch(LayoutOperation.create([])); }
  /** The size of the view and the extent of what is drawn in it (before zoom), as JSON. */
  extent() {
    const svg = document.querySelector(`#${DIAGRAM_ID} svg.sprotty-graph`) as SVGSVGElement | null;
    return JSON.stringify({ width: svg?.clientWidth ?? 0, height: svg?.clientHeight ?? 0, drawn: drawnExtent(this.context.modelRoot) });
  }
  /** The viewport's zoom and scroll, as JSON. */
  viewport() {
    const root = this.context.modelRoot as any;
    return JSON.stringify({ zoom: root?.zoom ?? 1, scroll: root?.scroll ?? { x: 0, y: 0 } });
  }
  /** The revision of the model shown: it grows with every model the server sends. */
  revision() { return (this.context.modelRoot as any)?.revision ?? 0; }
  undo() { this.dispatcher.dispatch(UndoAction.create()); }
  redo() { this.dispatcher.dispatch(RedoAction.create()); }
  select(ids: string[]) { this.dispatcher.dispatch(SelectAction.create({ selectedElementsIDs: ids, deselectedElementsIDs: true })); }
  /** The ids of the selected elements, as JSON. */
  selection() { return JSON.stringify(Array.from(document.querySelectorAll(`#${DIAGRAM_ID} .selected`)).map(e => e.id.substring(DIAGRAM_ID.length + 1))); }
  /** The banner's lines (the prediction and the file's markers). */
  banner() { return document.getElementById('perfcast-banner')?.innerText ?? ''; }
  /** The markers shown: element id, kind and text of each, as JSON. */
  markers() {
    const out: any[] = [];
    const walk = (element: any) => {
      for (const child of element.children ?? []) {
        if (child.type === 'marker') {
          for (const issue of child.issues ?? []) {
            out.push({ element: element.id, kind: issue.severity, message: issue.message });
          }
        }
        walk(child);
      }
    };
    walk(this.context.modelRoot);
    return JSON.stringify(out);
  }
  /** The rendered model: every element with its type, bounds, classes and ends, as JSON. */
  summary() {
    const out: any[] = [];
    const walk = (element: any) => {
      for (const child of element.children ?? []) {
        if (child.type.startsWith('node:') || child.type.startsWith('edge:')) {
          out.push({
            id: child.id, type: child.type, parent: element.id, label: child.children?.find((c: any) => c.type.startsWith('label'))?.text,
            labelSize: (({ width, height }: any) => `${Math.round(width)}x${Math.round(height)}`)(child.children?.find((c: any) => c.type.startsWith('label'))?.size ?? {}),
            x: Math.round(child.position?.x ?? 0), y: Math.round(child.position?.y ?? 0),
            width: Math.round(child.size?.width ?? 0), height: Math.round(child.size?.height ?? 0),
            classes: child.cssClasses ?? [], source: child.sourceId, target: child.targetId
          });
        }
        walk(child);
      }
    };
    walk(this.context.modelRoot);
    return JSON.stringify(out);
  }
  /** The centre of a rendered element (by model id) or of a tool palette entry (by its label), in page pixels, as JSON. */
  centre(kind: 'element' | 'palette', key: string) {
    const element = kind === 'element'
      ? document.getElementById(`${DIAGRAM_ID}_${key}`)
      : Array.from(document.querySelectorAll('.tool-palette .tool-button')).find(e => e.textContent?.trim() === key);
    if (!element) {
      return null;
    }
    const r = element.getBoundingClientRect();
    return JSON.stringify({ x: Math.round(r.left + r.width / 2), y: Math.round(r.top + r.height / 2) });
  }
}

start().catch(e => log(`diagram page error: ${e?.stack ?? e}`));
