/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  experimental: {
    // Turbopack's build cache speeds up rebuilds of one checkout; a clean build (CI) only pays
    // for writing it, which took most of a minute here.
    turbopackFileSystemCacheForBuild: false,
  },
}

export default nextConfig
