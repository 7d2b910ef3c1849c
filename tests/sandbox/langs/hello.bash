read a b
echo "hello $((a + b))"
