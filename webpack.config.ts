// Builds the SPA into dist/: content-hashed, per-route chunks under /assets/; index.html is the only unhashed file.
import { existsSync } from 'node:fs';
import path from 'node:path';

import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import webpack from 'webpack';

import { PUBLIC_SETTING_DEFAULTS, PUBLIC_SETTING_NAMES } from './common/public-settings';

import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

type Mode = 'production' | 'development';

const root = __dirname;

/** The public settings the SPA embeds, read from the environment at build time. */
export function publicSettingsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  return Object.fromEntries(
    PUBLIC_SETTING_NAMES.map((name) => [name, env[name] || PUBLIC_SETTING_DEFAULTS[name]]),
  );
}

export function createWebpackConfig(
  mode: Mode = 'production',
  outputDir = path.join(root, 'dist'),
) {
  const isProduction = mode === 'production';
  const settings = publicSettingsFromEnv();
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
  const config: webpack.Configuration & { devServer?: DevServerConfiguration } = {
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
      new webpack.DefinePlugin(
        Object.fromEntries(
          Object.entries(settings).map(([name, value]) => [
            `process.env.${name}`,
            JSON.stringify(value),
          ]),
        ),
      ),
      new HtmlWebpackPlugin({
        template: './public/index.html',
        favicon: existsSync(path.join(root, 'public/favicon.svg'))
          ? './public/favicon.svg'
          : undefined,
      }),
      ...(isProduction
        ? [new MiniCssExtractPlugin({ filename: 'assets/[name].[contenthash:10].css' })]
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
