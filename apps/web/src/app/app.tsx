/** Root component: the web issue replaces this placeholder with the router and providers. */
export function App() {
  return <div style={{ padding: 24, fontFamily: 'sans-serif' }}>Folio</div>;
}
