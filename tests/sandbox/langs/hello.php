<?php
[$a, $b] = array_map('intval', explode(' ', trim(fgets(STDIN))));
echo "hello ", $a + $b, "\n";
