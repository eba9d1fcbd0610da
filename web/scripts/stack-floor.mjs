// The first-load floor of the web app's stack: tiny apps that render a header and eight product
// cards from one GraphQL query with the libraries the project is built on, and nothing of
// UniBazaar, built as production bundles and gzipped (level 9) as first-load.mjs counts. Each line
// adds one library to the one before, so the difference is that library's share.
// Usage: node web/scripts/stack-floor.mjs
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import console from "node:console";
import { build } from "vite";
import react from "@vitejs/plugin-react";
import { gzippedSize } from "./first-load.mjs";

const QUERY = "gql`{ products(pageSize: 8) { items { id name price image } } }`";
const apollo = `
import { ApolloClient, HttpLink, InMemoryCache, gql } from "@apollo/client";
import { ApolloProvider, useQuery } from "@apollo/client/react";
const client = new ApolloClient({ link: new HttpLink({ uri: "/graphql" }), cache: new InMemoryCache() });
const useProducts = () => useQuery(${QUERY}).data?.products.items ?? [];`;
const mui = `
import AppBar from "@mui/material/AppBar";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CardMedia from "@mui/material/CardMedia";
import CssBaseline from "@mui/material/CssBaseline";
import Skeleton from "@mui/material/Skeleton";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import { ThemeProvider, createTheme } from "@mui/material/styles";`;
const plainPage = `
function Home() {
  const items = useProducts();
  return <main><header><h1>UniBazaar</h1><Link to="/shop">Shop</Link></header>
    {items.map((p) => <article key={p.id}><img src={p.image} alt="" /><p>{p.name} {p.price}</p></article>)}</main>;
}`;
const muiPage = `
function Home() {
  const items = useProducts();
  return <main><AppBar position="static"><Toolbar><Typography variant="h6">UniBazaar</Typography>
    <Button color="inherit" component={Link} to="/shop">Shop</Button></Toolbar></AppBar>
    {items.length ? items.map((p) => <Card key={p.id}><CardMedia component="img" image={p.image} />
      <CardContent><Typography>{p.name} {p.price}</Typography></CardContent></Card>) : <Skeleton />}</main>;
}`;
const declarative = `
import { BrowserRouter, Link, Route, Routes } from "react-router-dom";
const Pages = () => <BrowserRouter><Routes><Route path="/" element={<Home />} /><Route path="/shop" element={<Home />} /></Routes></BrowserRouter>;`;
const dataRouter = `
import { createBrowserRouter, Link, RouterProvider } from "react-router-dom";
const Pages = () => <RouterProvider router={createBrowserRouter([{ path: "/", element: <Home /> }, { path: "/shop", element: <Home /> }])} />;`;
const render = (tree) => `\nimport { createRoot } from "react-dom/client";\ncreateRoot(document.getElementById("root")).render(${tree});`;

const apps = {
  "react-dom alone": render("<p>UniBazaar</p>"),
  "+ Apollo Client, react-router (declarative)":
    apollo + declarative + plainPage + render("<ApolloProvider client={client}><Pages /></ApolloProvider>"),
  "+ MUI and emotion":
    apollo +
    mui +
    declarative +
    muiPage +
    render(
      "<ApolloProvider client={client}><ThemeProvider theme={createTheme()}><CssBaseline /><Pages /></ThemeProvider></ApolloProvider>",
    ),
  "+ react-router's data router (as the app uses)":
    apollo +
    mui +
    dataRouter +
    muiPage +
    render(
      "<ApolloProvider client={client}><ThemeProvider theme={createTheme()}><CssBaseline /><Pages /></ThemeProvider></ApolloProvider>",
    ),
};

// inside web/, so the apps resolve the project's own node_modules
const work = mkdtempSync(path.join(import.meta.dirname, "../.stack-floor-"));
try {
  for (const [name, source] of Object.entries(apps)) {
    writeFileSync(path.join(work, "index.html"), `<div id="root"></div><script type="module" src="./main.jsx"></script>`);
    writeFileSync(path.join(work, "main.jsx"), source);
    const outDir = path.join(work, "dist");
    await build({ root: work, logLevel: "error", configFile: false, plugins: [react()], build: { outDir, emptyOutDir: true } });
    const assets = path.join(outDir, "assets");
    const bytes = readdirSync(assets)
      .filter((file) => file.endsWith(".js"))
      .reduce((sum, file) => sum + gzippedSize(path.join(assets, file)), 0);
    console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${name}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
