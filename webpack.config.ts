// Builds the SPA into dist/: content-hashed, per-route chunks under /assets/ (with .br and .gz beside them);
// index.html is the only unhashed file. Public settings are not built in: the server injects them into
// index.html at run time, so one build serves every configuration.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants, type BrotliOptions } from 'node:zlib';

import CompressionPlugin from 'compression-webpack-plugin';
import { build } from 'esbuild';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import { Compilation, sources, type ChunkGroup, type Compiler, type Configuration } from 'webpack';

import {
  PUBLIC_SETTING_DEFAULTS,
  PUBLIC_SETTING_NAMES,
  publicSettingsScript,
  type PublicSettings,
} from './common/public-settings';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from './common/route-preloads';
import { ROUTES, type RouteDefinition } from './src/config/routes';

import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

type Mode = 'production' | 'development';

const root = __dirname;

// What is worth compressing: text, and the QR decoder's WebAssembly (1 MB, a third of it compressed). Images and
// fonts here are compressed formats already, and index.html is compressed by the server once the settings are in it.
const COMPRESSIBLE = /\.(m?js|css|svg|wasm|webmanifest)$/;

/** The scanner screen's chunk name (route-screens.ts names its import so). */
const SCANNER_CHUNK = 'scanner';
const SERVICE_WORKER_SOURCE = './src/features/scanner/offline/scanner-service-worker.ts';
const MANIFEST_FILE = 'manifest.webmanifest';

/** The build's files the scanner needs: the app's entry chunks and the scanner's chunks, each with what they load. */
function scannerFiles(compilation: Compilation): string[] {
  const files = new Set<string>();
  const addChunksOf = (group: ChunkGroup) => {
    for (const chunk of group.chunks) {
      for (const file of [...chunk.files, ...chunk.auxiliaryFiles]) files.add(file);
    }
  };
  const visit = (group: ChunkGroup, seen = new Set<ChunkGroup>()) => {
    if (seen.has(group)) return;
    seen.add(group);
    addChunksOf(group);
    for (const child of group.getChildren()) visit(child, seen);
  };
  // The entry's own chunks only: its children are every other screen.
  const entry = compilation.entrypoints.get('main');
  if (entry) addChunksOf(entry);
  const scanner = compilation.namedChunkGroups.get(SCANNER_CHUNK);
  if (scanner) visit(scanner);
  // The latin subsets of the font (other scripts use the system's fonts); CSS loads them, so no chunk lists them.
  for (const name of Object.keys(compilation.assets)) {
    if (/^assets\/inter-latin-(ext-)?\d+-normal\.\w+\.woff2$/.test(name)) files.add(name);
  }
  return [...files].filter((file) => !file.endsWith('.map')).map((file) => `/${file}`);
}

/**
 * Writes the scanner's service worker (/sw.js) with the list of files it caches, and emits the web app manifest
 * and its icons from public/. Runs after webpack's content hashes are final and before the files are compressed.
 * The worker is bundled on its own with esbuild: it must be one script at a fixed URL, not a webpack chunk.
 */
class ScannerOfflinePlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('ScannerOfflinePlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        {
          name: 'ScannerOfflinePlugin',
          stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1,
        },
        async () => {
          for (const file of [MANIFEST_FILE, ...listIcons()]) {
            compilation.emitAsset(
              file,
              new sources.RawSource(readFileSync(path.join(root, 'public', file))),
            );
          }
          // The dev server's file names carry no content hash, so a cached copy would go stale: there the worker
          // caches nothing but the shell and the trust list.
          const isProduction = compiler.options.mode === 'production';
          const precache = isProduction
            ? [
                ...scannerFiles(compilation),
                `/${MANIFEST_FILE}`,
                ...listIcons().map((icon) => `/${icon}`),
              ]
            : [];
          const version = createHash('sha256')
            .update(precache.sort().join('\n'))
            .digest('hex')
            .slice(0, 16);
          const worker = await build({
            entryPoints: [path.join(root, SERVICE_WORKER_SOURCE)],
            bundle: true,
            write: false,
            format: 'iife',
            target: 'es2020',
            minify: isProduction,
            define: {
              SCANNER_PRECACHE: JSON.stringify(precache),
              SCANNER_CACHE_VERSION: JSON.stringify(version),
            },
            logLevel: 'silent',
          });
          compilation.emitAsset(
            'sw.js',
            new sources.RawSource(Buffer.from(worker.outputFiles[0]!.contents)),
          );
          compilation.fileDependencies.add(path.join(root, SERVICE_WORKER_SOURCE));
        },
      );
    });
  }
}

/** Each signed-out screen's paths with its chunks' scripts (the chunk group route-screens.ts names route-<name>). */
function routePreloads(compilation: Compilation): RoutePreloads {
  const preloads: RoutePreloads = {};
  const routes: readonly RouteDefinition[] = Object.values(ROUTES);
  for (const route of routes) {
    if (route.guard !== 'public') continue;
    const group = compilation.namedChunkGroups.get(`route-${route.name}`);
    if (!group) throw new Error(`route-screens.ts names no chunk route-${route.name}`);
    const scripts = group
      .getFiles()
      .filter((file) => file.endsWith('.js'))
      .map((file) => `/${file}`);
    const paths = [route.path, ...(route.aliases ?? [])];
    for (const routePath of paths) preloads[routePath] = scripts;
  }
  return preloads;
}

/**
 * Lists the signed-out screens' scripts for the server, which preloads them with index.html on those paths: on a
 * phone the sign-in screen's chunks then download beside the entry's instead of after it has run.
 */
class RoutePreloadsPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('RoutePreloadsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RoutePreloadsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 },
        () => {
          const preloads = JSON.stringify(routePreloads(compilation), null, 2);
          compilation.emitAsset(ROUTE_PRELOADS_FILE, new sources.RawSource(preloads));
        },
      );
    });
  }
}

function listIcons(): string[] {
  const folder = path.join(root, 'public', 'icons');
  if (!existsSync(folder)) return [];
  return readdirSync(folder).map((name) => `icons/${name}`);
}

/**
 * The dev server has no app server in front of its index.html, so it writes the public settings in itself,
 * from the same environment variables the server reads.
 */
function publicSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): PublicSettings {
  return Object.fromEntries(
    PUBLIC_SETTING_NAMES.map((name) => [name, env[name] || PUBLIC_SETTING_DEFAULTS[name]]),
  ) as PublicSettings;
}

// Both encodings browsers accept, each at its best (slowest) level: it runs once a build.
function precompressionPlugins() {
  return [
    new CompressionPlugin<BrotliOptions>({
      test: COMPRESSIBLE,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
    new CompressionPlugin({
      test: COMPRESSIBLE,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
    }),
  ];
}

export function createWebpackConfig(
  mode: Mode = 'production',
  outputDir = path.join(root, 'dist'),
) {
  const isProduction = mode === 'production';
  const devServer: DevServerConfiguration = {
    port: Number(process.env.DEV_PORT ?? 3000),
    historyApiFallback: true,
    hot: true,
    proxy: [
      {
        context: ['/api', '/v/'],
        target: process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080',
      },
      {
        // Link import: Companion's HTTP calls and its upload-progress WebSocket.
        context: ['/companion'],
        target: process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080',
        ws: true,
      },
    ],
  };
  const config: Configuration & { devServer?: DevServerConfiguration } = {
    mode,
    context: root,
    entry: { main: './src/main.tsx' },
    output: {
      path: outputDir,
      publicPath: '/',
      filename: isProduction ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: isProduction ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    // Production maps are written for error reports but not referenced from the bundles: the server serves them
    // only with SERVE_SOURCE_MAPS (docs/security.md).
    devtool: isProduction ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      alias: {
        '@': path.join(root, 'src'),
        '@common': path.join(root, 'common'),
      },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !isProduction } },
                target: 'es2020',
              },
            },
          },
        },
        {
          test: /\.css$/,
          use: [isProduction ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
        },
        { test: /\.(woff2?|png|jpe?g|gif|svg)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: './public/index.html',
        templateParameters: {
          publicSettings: isProduction ? '' : publicSettingsScript(publicSettingsFromEnv()),
        },
        favicon: existsSync(path.join(root, 'public/favicon.svg'))
          ? './public/favicon.svg'
          : undefined,
      }),
      new ScannerOfflinePlugin(),
      new RoutePreloadsPlugin(),
      ...(isProduction
        ? [
            new MiniCssExtractPlugin({ filename: 'assets/[name].[contenthash:10].css' }),
            ...precompressionPlugins(),
          ]
        : []),
    ],
    optimization: {
      // swc's minifier rather than webpack's default (terser): the same size, in under half the build time,
      // which `npm start`, `npm run build` and the e2e suite each wait for.
      minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })],
      splitChunks: { chunks: 'all' },
      runtimeChunk: 'single',
    },
    performance: { hints: false },
    devServer,
  };
  return config;
}

export default (_env: unknown, argv: { mode?: Mode }) =>
  createWebpackConfig(argv.mode ?? 'production');
