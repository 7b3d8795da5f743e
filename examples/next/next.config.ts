import type { NextConfig } from 'next'

const config: NextConfig = {
  reactStrictMode: true,
}

export default config
