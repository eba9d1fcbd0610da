// component tests render with the real catalogues, in English (the browser language of happy-dom)
import { i18nReady } from "./i18n";

await i18nReady;
