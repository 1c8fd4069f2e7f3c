# aortalint in a small image, for CI images and pre-commit's `docker_image` hooks.
#   docker build -t aortalint .
#   docker run --rm -v "$PWD:/src" -w /src aortalint check .
# Stage 1 builds the Debian package (as `cpack -G DEB` does anywhere, the test
# suite included); stage 2 installs it into plain Debian 12, so the image holds
# the binary, its shared libraries (libtree-sitter, libfmt, toml++, inih) and
# nothing of the toolchain.
FROM debian:12 AS build
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends ca-certificates git sudo \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# setup.sh installs the build dependencies (and npm, which fetches the pinned grammar).
RUN bash scripts/setup.sh \
 && cmake -S . -B /build -G Ninja -DBUILD_TESTING=OFF \
 && cmake --build /build \
 && cd /build && cpack -G DEB && cp aortalint_*.deb /aortalint.deb

FROM debian:12-slim
COPY --from=build /aortalint.deb /tmp/aortalint.deb
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends /tmp/aortalint.deb \
 && rm -rf /var/lib/apt/lists/* /tmp/aortalint.deb \
 && aortalint --version
ENTRYPOINT ["aortalint"]
CMD ["--help"]
