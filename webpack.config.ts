// Builds the SPA into dist/: content-hashed, per-route chunks under /assets/ (with .br and .gz beside them);
// index.html is the only unhashed file. Public settings are not built in: the server injects them into
// index.html at run time, so one build serves every configuration.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants, type BrotliOptions } from 'node:zlib';

import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';

import {
  PUBLIC_SETTING_DEFAULTS,
  PUBLIC_SETTING_NAMES,
  publicSettingsScript,
  type PublicSettings,
} from './common/public-settings';

import type { Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

type Mode = 'production' | 'development';

const root = __dirname;

// What is worth compressing: text. Images and fonts here are compressed formats already, and index.html is
// compressed by the server once the settings are in it.
const COMPRESSIBLE = /\.(m?js|css|svg)$/;

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
    devtool: isProduction ? 'source-map' : 'eval-cheap-module-source-map',
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
      ...(isProduction
        ? [
            new MiniCssExtractPlugin({ filename: 'assets/[name].[contenthash:10].css' }),
            ...precompressionPlugins(),
          ]
        : []),
    ],
    optimization: {
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
